import Foundation

// States: open (nothing was sent within `dueTime`: the next element is emitted at once);
// throttling (a window runs from `lastSent`; with `latest`, the engine holds the newest element
// and the timer emits it when the window ends, which starts a new window);
// completing (the source completed while an element waits: completion follows it); stopped
// (engine). The scheduler's clock is read before each transition, never under the lock.

extension ObservableType {
    /// Emits the first element at once, then at most one element per `dueTime` on `scheduler`.
    ///
    /// An element that arrives at least `dueTime` after the last emitted one is emitted at once.
    /// Otherwise, with `latest: true` it is kept (replacing any kept one) and emitted when the
    /// window ends, `dueTime` after the last emission, which starts a new window; with
    /// `latest: false` it is dropped. Completion with a kept element waits for the window to end,
    /// emits the element, then completes; an error drops the kept element and is forwarded at once.
    /// Disposal cancels the timer.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: some SchedulerType, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        let state = ThrottleState(dueSeconds: dueTime.seconds, latest: latest)
        return lift(ClosureOperator { ThrottleSink(state: state, timerScheduler: .timed(scheduler), downstream: $0) })
            .inspected(as: "throttle", file: file, line: line)
    }
}

/// Not generic: the kept element is the engine's held element.
struct ThrottleState {
    let dueSeconds: Double
    let latest: Bool
    var lastSent: RxTime?
    var isCompleting = false

    mutating func received<Element>(_ element: Element, at now: RxTime, _ effects: DeferredEffects<Element>) {
        let remaining = lastSent.map { dueSeconds - now.timeIntervalSince($0) } ?? 0
        if remaining <= 0 {
            effects.dropHeld()
            lastSent = now
            return effects.emit(element)
        }
        guard latest else { return }
        let waiting = effects.isHolding
        effects.hold(element)
        if !waiting { effects.armTimer(after: .fromSeconds(remaining)) }
    }

    mutating func windowEnded<Element>(at now: RxTime, _ effects: DeferredEffects<Element>) {
        if effects.isHolding {
            lastSent = now
            effects.emitHeld()
        }
        if isCompleting { effects.complete() }
    }
}

private final class ThrottleSink<Element>: SerializingSink<Element, Element, ThrottleState>,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "throttle" }

    /// The window it was given: its timer waits for what remains of it. Read under the lock, once
    /// per subscription and on a diagnostic's path.
    override var timerOperatorInterval: RxTimeInterval? { .fromSeconds(readState(\.dueSeconds)) }

    override func onNext(_ element: Element) {
        let now = self.now
        update { state, effects in state.received(element, at: now, effects) }
    }

    override func tick(generation: UInt64) {
        let now = self.now
        update { state, effects in
            guard effects.acceptTick(generation) else { return }
            state.windowEnded(at: now, effects)
        }
    }

    override func onError(_ error: any Error) {
        update { _, effects in
            effects.dropHeld()
            effects.fail(error)
        }
    }

    override func onCompleted() {
        update { state, effects in
            if effects.isHolding {
                state.isCompleting = true
            } else {
                effects.complete()
            }
        }
    }
}
