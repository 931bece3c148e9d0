import Foundation
import Testing

@testable import Streams

/// `throttle`'s state machine (`ThrottleState`) on its own: the clock is an argument of each
/// transition, so no scheduler is needed (`DeferredEffectsRecorder`).
@Suite struct ThrottleStateTests {
    typealias Outcome = DeferredEffectsRecorder<String>.Outcome

    private let effects = DeferredEffectsRecorder<String>()
    private var state = ThrottleState(dueSeconds: 50, latest: true)

    /// The clock `seconds` after an arbitrary origin.
    private func at(_ seconds: Double) -> RxTime { Date(timeIntervalSinceReferenceDate: 1_000 + seconds) }

    @Test mutating func theFirstElementIsEmittedAtOnceAndOpensAWindow() {
        #expect(effects.update { state.received("a", at: at(0), $0) } == Outcome(emitted: ["a"]))
        #expect(state.lastSent == at(0))
        #expect(!effects.isTimerArmed)
    }

    @Test mutating func withLatestAnElementInTheWindowIsKeptUntilTheWindowEnds() {
        _ = effects.update { state.received("a", at: at(0), $0) }
        #expect(effects.update { state.received("b", at: at(10), $0) } == Outcome(timer: .armed(after: .seconds(40))))
        #expect(effects.update { state.received("c", at: at(20), $0) } == Outcome(released: ["b"]))
        #expect(effects.fire { state.windowEnded(at: at(50), $0) } == Outcome(emitted: ["c"]))
        #expect(state.lastSent == at(50))
    }

    @Test mutating func anElementAfterTheWindowIsEmittedAtOnce() {
        _ = effects.update { state.received("a", at: at(0), $0) }
        #expect(effects.update { state.received("b", at: at(50), $0) } == Outcome(emitted: ["b"]))
        #expect(effects.update { state.received("c", at: at(120), $0) } == Outcome(emitted: ["c"]))
    }

    /// An element that arrives at the window's end before its tick is a leading edge: it is
    /// emitted and the kept one dropped; the tick then finds nothing to emit.
    @Test mutating func anElementAtTheWindowsEndBeforeItsTickReplacesTheKeptOne() {
        _ = effects.update { state.received("a", at: at(0), $0) }
        _ = effects.update { state.received("b", at: at(10), $0) }
        #expect(effects.update { state.received("c", at: at(50), $0) } == Outcome(emitted: ["c"], released: ["b"]))
        #expect(effects.fire { state.windowEnded(at: at(50), $0) } == Outcome())
    }

    @Test mutating func withoutLatestAnElementInTheWindowIsDropped() {
        state = ThrottleState(dueSeconds: 50, latest: false)
        _ = effects.update { state.received("a", at: at(0), $0) }
        #expect(effects.update { state.received("b", at: at(10), $0) } == Outcome())
        #expect(effects.held == nil)
        #expect(!effects.isTimerArmed)
    }

    /// The sink's `onCompleted` with an element kept: `isCompleting`, and the window's end emits
    /// it and completes.
    @Test mutating func aCompletionWaitingForTheWindowCompletesAtItsEnd() {
        _ = effects.update { state.received("a", at: at(0), $0) }
        _ = effects.update { state.received("b", at: at(10), $0) }
        state.isCompleting = true
        #expect(effects.fire { state.windowEnded(at: at(50), $0) } == Outcome(emitted: ["b"], ending: .completed))
    }
}
