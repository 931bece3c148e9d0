import Foundation

// States: idle (nothing waiting, no timer); waiting (events wait in `queue` with the time they
// arrived; the timer is armed for the earliest); delivering (the timer fired and emitted the
// earliest; once it was delivered, the timer is armed for the next one, due `dueTime` after it
// arrived); stopped (engine: an error is forwarded at once, dropping what waits; disposal
// cancels the timer). The scheduler's clock is read before each transition, never under the lock.
//
// Timing (RxSwift 6): the next element is scheduled only after the current one was delivered,
// so work that delivery scheduled for the same time (an inner that `flatMapLatest` started, a
// throttle's window) runs before it. An element arriving meanwhile waits for that too.

extension ObservableType {
    /// Emits each element and the completion `dueTime` later on `scheduler`; errors are forwarded
    /// at once (dropping elements still waiting).
    ///
    /// One timer is pending at a time: when it fires it emits the earliest waiting event and, once
    /// that was delivered, reschedules itself for the next one (as RxSwift does: work the delivery
    /// scheduled for the same time runs first). Disposal cancels the timer and drops waiting events.
    public func delay(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        lift(
            ClosureOperator {
                DelaySink(state: DelayState(dueTime: dueTime), timerScheduler: .timed(scheduler), downstream: $0)
            }
        ).inspected(as: "delay", file: file, line: line)
    }
}

struct DelayState<Element> {
    let dueTime: RxTimeInterval
    var queue: [(arrived: RxTime, event: Event<Element>)] = []
    /// `true` from a tick until what it emitted was delivered: the next timer is armed then.
    var isDelivering = false

    mutating func received(_ event: Event<Element>, at now: RxTime, _ effects: DeferredEffects<Element>) {
        if queue.isEmpty, !isDelivering { effects.armTimer(after: dueTime) }
        queue.append((now, event))
    }

    /// The timer fired: emits the earliest waiting event. Returns `true` if it emitted one (the
    /// caller then calls ``delivered(at:_:)`` once it was delivered).
    mutating func timerFired(_ effects: DeferredEffects<Element>) -> Bool {
        guard !queue.isEmpty else { return false }
        isDelivering = true
        switch queue.removeFirst().event {
        case .next(let element): effects.emit(element)
        case .error(let error): effects.fail(error)
        case .completed: effects.complete()
        }
        return true
    }

    /// What the timer emitted was delivered: arms the timer for the next waiting event.
    mutating func delivered(at now: RxTime, _ effects: DeferredEffects<Element>) {
        isDelivering = false
        guard let next = queue.first else { return }
        let elapsed = now.timeIntervalSince(next.arrived)
        effects.armTimer(after: .fromSeconds(dueTime.seconds - elapsed))
    }

    /// The source failed: what waits is dropped and the error forwarded at once.
    mutating func sourceFailed(_ error: any Error, _ effects: DeferredEffects<Element>) {
        dropWaiting(effects)
        effects.fail(error)
    }

    /// The subscription ended: what waits is released after unlocking.
    mutating func dropWaiting(_ effects: DeferredEffects<Element>) {
        effects.release(queue)
        queue = []
    }
}

private final class DelaySink<Element>: SerializingSink<Element, Element, DelayState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "delay" }

    /// The delay it was given: after the first event, its timer waits for what remains of it.
    /// Read under the lock, once per subscription and on a diagnostic's path.
    override var timerOperatorInterval: RxTimeInterval? { readState(\.dueTime) }

    override func onNext(_ element: Element) { received(.next(element)) }
    override func onCompleted() { received(.completed) }

    private func received(_ event: Event<Element>) {
        let now = self.now
        update { state, effects in state.received(event, at: now, effects) }
    }

    override func onError(_ error: any Error) {
        update { state, effects in state.sourceFailed(error, effects) }
    }

    /// Emits the earliest waiting event; once that transition delivered it (or handed it to the
    /// thread delivering), a second one arms the timer for the next.
    override func tick(generation: UInt64) {
        guard updateForTick(generation, { state, effects in state.timerFired(effects) }) else { return }
        let now = self.now
        update { state, effects in state.delivered(at: now, effects) }
    }

    override func willDispose(_ state: inout DelayState<Element>, _ effects: DeferredEffects<Element>) {
        state.dropWaiting(effects)
    }
}
