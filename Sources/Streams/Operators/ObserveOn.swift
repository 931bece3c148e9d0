// States: idle (nothing waiting, no hop scheduled); hopping (events wait in `waiting`; one hop
// is scheduled: it delivers the earliest event on the scheduler and schedules the next hop if
// more wait); stopped (engine: after the terminal event was delivered, or on disposal, which
// cancels the pending hop and drops what waits). Terminal events wait their turn like elements.

extension ObservableType {
    /// Delivers every event on `scheduler`, in order, one scheduled hop per event.
    ///
    /// Upstream is subscribed on the calling thread. At most one hop is queued on the scheduler at
    /// a time; events arriving meanwhile wait in the sink. Disposal cancels the pending hop and
    /// drops waiting events. Elements cross to the scheduler's thread: see Docs/Concurrency.md for
    /// non-`Sendable` elements.
    @_disfavoredOverload
    public func observe(on scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        observedOn(scheduler)
    }

    /// ``observe(on:)`` for a scheduler of any type.
    func observedOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        lift(
            ClosureOperator {
                ObserveOnSink(state: ObserveOnState(), timerScheduler: .immediate(scheduler), downstream: $0)
            })
    }
}

private struct ObserveOnState<Element> {
    var waiting: [Event<Element>] = []
    var head = 0

    mutating func received(_ event: Event<Element>, _ effects: DeferredEffects<Element>) {
        waiting.append(event)
        if !effects.isTimerArmed { effects.armTimerNow() }
    }

    /// A hop: delivers the earliest waiting event and schedules the next hop if more wait.
    mutating func hop(_ effects: DeferredEffects<Element>) {
        guard head < waiting.count else { return }
        let event = waiting[head]
        head += 1
        if head == waiting.count {
            effects.release(waiting)
            waiting = []
            head = 0
        } else {
            if head > 32, head * 2 > waiting.count {
                // Drop the delivered events: the released copy keeps them alive until unlocking.
                effects.release(Array(waiting[..<head]))
                waiting.removeFirst(head)
                head = 0
            }
            effects.armTimerNow()
        }
        switch event {
        case .next(let element): effects.emit(element)
        case .error(let error): effects.fail(error)
        case .completed: effects.complete()
        }
    }
}

private final class ObserveOnSink<Element>: SerializingSink<Element, Element, ObserveOnState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) { received(.next(element)) }
    override func onError(_ error: any Error) { received(.error(error)) }
    override func onCompleted() { received(.completed) }

    private func received(_ event: Event<Element>) {
        update { state, effects in state.received(event, effects) }
    }

    override func timerFired(_ state: inout ObserveOnState<Element>, _ effects: DeferredEffects<Element>) {
        state.hop(effects)
    }

    override func willDispose(_ state: inout ObserveOnState<Element>, _ effects: DeferredEffects<Element>) {
        effects.release(state.waiting)
        state.waiting = []
    }
}
