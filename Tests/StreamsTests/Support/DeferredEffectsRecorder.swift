import Testing

@testable import Streams

/// An operator's state machine without a sink or a scheduler: the `DeferredEffects` its transitions
/// record into, read back after each transition as the engine would carry them out after
/// unlocking (Docs/Internals.md, "Testing the state machine").
///
/// What persists between transitions is what the engine keeps: the held element, whether the
/// timer is armed, whether the sink has stopped. What a transition asks for — elements to
/// deliver, displaced elements, nodes to dispose, a timer request, the terminal event — comes
/// out in its ``Outcome``. One thread only: the control's lock is not taken, as nothing else
/// can reach it.
final class DeferredEffectsRecorder<Output> {
    /// How a transition left the timer.
    enum Timer: Equatable {
        /// Untouched (or re-armed and then cancelled in the same transition).
        case unchanged
        /// Armed to fire after the interval (replacing an armed timer).
        case armed(after: RxTimeInterval)
        /// Armed to fire as soon as the scheduler can run it.
        case armedNow
        /// An armed timer was cancelled.
        case cancelled
    }

    /// The terminal event a transition decided.
    enum Ending: Equatable {
        case completed
        /// Failed, with the error's description.
        case failed(String)
    }

    /// What one transition decided.
    struct Outcome {
        /// Elements queued for delivery, in order.
        var emitted: [Output] = []
        /// Elements it displaced (a replaced or dropped held element, one emitted after the end),
        /// released after unlocking.
        var released: [Output] = []
        /// Nodes it asked to dispose, in order.
        var disposed: [DisposableNode] = []
        var timer = Timer.unchanged
        var ending: Ending?
    }

    private let control = SerializingSinkCore<Output>()

    /// The element the engine holds for the operator (`hold`), if any.
    var held: Output? { control.held.elements.first }
    /// Whether the timer is armed and has not fired.
    var isTimerArmed: Bool { control.timer.isArmed }
    /// Whether a terminal event was decided: the engine runs no further transition.
    var isStopped: Bool { control.isStopped }

    /// Runs `transition` as the sink's `update` would; `nil` (nothing run) once stopped.
    func update(_ transition: (DeferredEffects<Output>) -> Void) -> Outcome? {
        guard !control.isStopped else { return nil }
        let wasArmed = control.timer.isArmed
        transition(DeferredEffects(control))
        return takeOutcome(wasArmed: wasArmed)
    }

    /// The armed timer fires: the tick is accepted (the timer is then idle), as the engine's
    /// `tick(generation:)` does, and `transition` runs. `nil` if no timer was armed or the sink
    /// has stopped.
    func fire(_ transition: (DeferredEffects<Output>) -> Void) -> Outcome? {
        guard !control.isStopped, control.timer.isArmed else { return nil }
        let effects = DeferredEffects(control)
        guard effects.acceptTick(control.timer.generation) else { return nil }
        transition(effects)
        return takeOutcome(wasArmed: false)
    }

    private func takeOutcome(wasArmed: Bool) -> Outcome {
        var outcome = Outcome()
        outcome.emitted = control.queue.removeAll()
        outcome.released = control.discarded.removeAll()
        var disposals = control.disposals.take()
        let (due, _) = control.timer.takeWork(cancellingInto: &disposals)
        disposals.visit { outcome.disposed.append($0.node) }
        _ = control.releases.take()
        switch due {
        case .after(let interval): outcome.timer = .armed(after: interval)
        case .now: outcome.timer = .armedNow
        case .none: outcome.timer = wasArmed && !control.timer.isArmed ? .cancelled : .unchanged
        }
        switch control.terminal.take() {
        case .completed: outcome.ending = .completed
        case .failed(let error): outcome.ending = .failed(String(describing: error))
        case nil: break
        }
        control.isTerminalPending = false
        return outcome
    }
}

extension DeferredEffectsRecorder.Outcome: Equatable where Output: Equatable {
    /// Equal when they decided the same: the same elements, the same nodes (by identity), the same
    /// timer request and ending.
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.emitted == rhs.emitted && lhs.released == rhs.released && lhs.timer == rhs.timer
            && lhs.ending == rhs.ending && lhs.disposed.elementsEqual(rhs.disposed, by: ===)
    }
}
