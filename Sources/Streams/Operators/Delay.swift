import Foundation

// States: idle (nothing waiting, no timer); waiting (events wait in `queue` with the time they
// arrived; the timer is armed for the earliest: when it fires it emits that one and re-arms for
// the next); stopped (engine: an error is forwarded at once, dropping what waits; disposal
// cancels the timer). The scheduler's clock is read before each transition, never under the lock.

extension ObservableType {
    /// Emits each element and the completion `dueTime` later on `scheduler`; errors are forwarded
    /// at once (dropping elements still waiting).
    ///
    /// One timer is pending at a time: when it fires it emits the earliest waiting event and
    /// reschedules itself for the next one. Disposal cancels the timer and drops waiting events.
    public func delay(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Observable<Element> {
        lift(
            ClosureOperator {
                DelaySink(state: DelayState(dueTime: dueTime), timerScheduler: .timed(scheduler), downstream: $0)
            })
    }
}

private struct DelayState<Element> {
    let dueTime: RxTimeInterval
    var queue: [(arrived: RxTime, event: Event<Element>)] = []

    mutating func received(_ event: Event<Element>, at now: RxTime, _ effects: Effects<Element>) {
        if queue.isEmpty { effects.armTimer(after: dueTime) }
        queue.append((now, event))
    }

    mutating func timerFired(at now: RxTime, _ effects: Effects<Element>) {
        guard !queue.isEmpty else { return }
        switch queue.removeFirst().event {
        case .next(let element): effects.emit(element)
        case .error(let error): effects.fail(error)
        case .completed: effects.complete()
        }
        if let next = queue.first {
            let elapsed = now.timeIntervalSince(next.arrived)
            effects.armTimer(after: .fromSeconds(dueTime.seconds - elapsed))
        }
    }
}

private final class DelaySink<Element>: SerializingSink<Element, Element, DelayState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) { received(.next(element)) }
    override func onCompleted() { received(.completed) }

    private func received(_ event: Event<Element>) {
        let now = self.now
        update { state, effects in state.received(event, at: now, effects) }
    }

    override func onError(_ error: any Error) {
        update { state, effects in
            effects.release(state.queue)
            state.queue = []
            effects.fail(error)
        }
    }

    override func tick(generation: UInt64) {
        let now = self.now
        update { state, effects in
            guard effects.acceptTick(generation) else { return }
            state.timerFired(at: now, effects)
        }
    }

    override func willDispose(_ state: inout DelayState<Element>, _ effects: Effects<Element>) {
        effects.release(state.queue)
        state.queue = []
    }
}
