// States, on a `SerialDispatchQueueScheduler` (`MainScheduler` included): running (each event
// waits in `waiting` and has its own dispatch, scheduled when it arrived; a dispatch delivers the
// earliest waiting event); stopped (engine: after the terminal event was delivered, or on
// disposal, which drops what waits; the dispatches still queued find the sink stopped and do
// nothing).
// On any other scheduler: idle (nothing waiting, no hop scheduled); hopping (events wait in
// `waiting`; one hop is scheduled: it delivers the earliest event on the scheduler and schedules
// the next hop if more wait); stopped (engine: after the terminal event was delivered, or on
// disposal, which cancels the pending hop and drops what waits).
// Terminal events wait their turn like elements.

extension ObservableType {
    /// Delivers every event on `scheduler`, in order.
    ///
    /// Upstream is subscribed on the calling thread. On a ``SerialDispatchQueueScheduler`` (and
    /// ``MainScheduler``), each event is scheduled on the queue as its own dispatch when it
    /// arrives, so it is delivered before any work scheduled on that queue after it, as RxSwift
    /// does. On any other scheduler, one hop is queued at a time: events arriving meanwhile wait in
    /// the sink, and each hop schedules the next. Disposal drops waiting events (and cancels the
    /// pending hop): nothing is delivered once `dispose()` returns, except an event whose delivery
    /// had already begun on the scheduler. Elements cross to the scheduler's thread: see
    /// Docs/Concurrency.md for non-`Sendable` elements.
    @_disfavoredOverload
    public func observe(on scheduler: some ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        observedOn(scheduler).inspected(as: "observe(on:)", file: file, line: line)
    }

    /// ``observe(on:)`` for a scheduler of any type.
    func observedOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        if let serialScheduler = scheduler as? SerialDispatchQueueScheduler {
            return lift(
                ClosureOperator {
                    ObserveOnSerialQueueSink(scheduler: serialScheduler, downstream: $0)
                })
        }
        return lift(
            ClosureOperator {
                ObserveOnSink(state: ObserveOnState(), timerScheduler: .immediate(scheduler), downstream: $0)
            })
    }
}

/// The events received and not delivered yet, earliest first.
private struct ObserveOnState<Element> {
    var waiting: [Event<Element>] = []
    var head = 0

    /// `true` while an event waits.
    var isWaiting: Bool { head < waiting.count }

    /// Removes the earliest waiting event and queues it for delivery.
    mutating func deliverEarliest(_ effects: DeferredEffects<Element>) {
        guard head < waiting.count else { return }
        let event = waiting[head]
        head += 1
        if head == waiting.count {
            effects.release(waiting)
            waiting = []
            head = 0
        } else if head > 32, head * 2 > waiting.count {
            // Drop the delivered events: the released copy keeps them alive until unlocking.
            effects.release(Array(waiting[..<head]))
            waiting.removeFirst(head)
            head = 0
        }
        switch event {
        case .next(let element): effects.emit(element)
        case .error(let error): effects.fail(error)
        case .completed: effects.complete()
        }
    }
}

/// `observe(on:)` on any scheduler but a serial dispatch queue: one hop at a time.
private final class ObserveOnSink<Element>: SerializingSink<Element, Element, ObserveOnState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) { received(.next(element)) }
    override func onError(_ error: any Error) { received(.error(error)) }
    override func onCompleted() { received(.completed) }

    private func received(_ event: Event<Element>) {
        update { state, effects in
            state.waiting.append(event)
            if !effects.isTimerArmed { effects.armTimerNow() }
        }
    }

    /// A hop: delivers the earliest waiting event and schedules the next hop if more wait.
    override func timerFired(_ state: inout ObserveOnState<Element>, _ effects: DeferredEffects<Element>) {
        state.deliverEarliest(effects)
        if state.isWaiting { effects.armTimerNow() }
    }

    override func willDispose(_ state: inout ObserveOnState<Element>, _ effects: DeferredEffects<Element>) {
        effects.release(state.waiting)
        state.waiting = []
    }
}

/// `observe(on:)` on a serial dispatch queue: one dispatch per event, scheduled (after unlocking)
/// when the event arrives. The queue runs the dispatches in the order they were scheduled, which
/// is the order the events were appended to `waiting`, so each delivers the event it was
/// scheduled for.
private final class ObserveOnSerialQueueSink<Element>:
    SerializingSink<Element, Element, ObserveOnState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    private let scheduler: SerialDispatchQueueScheduler

    init(scheduler: SerialDispatchQueueScheduler, downstream: Receiver<Element>) {
        self.scheduler = scheduler
        super.init(state: ObserveOnState(), downstream: downstream)
    }

    override func onNext(_ element: Element) { received(.next(element)) }
    override func onError(_ error: any Error) { received(.error(error)) }
    override func onCompleted() { received(.completed) }

    private func received(_ event: Event<Element>) {
        guard update({ state, _ in state.waiting.append(event) }) else { return }
        // Not cancelled on disposal (a dispatch cannot be taken off its queue): it finds the sink
        // stopped. `MainScheduler.instance` may run it at once, on the main thread.
        _ = scheduler.schedule(self) { sink in
            sink.update { state, effects in state.deliverEarliest(effects) }
            return NopDisposable()
        }
    }

    override func willDispose(_ state: inout ObserveOnState<Element>, _ effects: DeferredEffects<Element>) {
        effects.release(state.waiting)
        state.waiting = []
    }
}
