import Testing

@testable import Streams

/// `audit`'s state machine (`AuditState`) on its own: each transition's effects, with no sink, no
/// scheduler and no clock (`DeferredEffectsRecorder`).
@Suite struct AuditStateTests {
    typealias Outcome = DeferredEffectsRecorder<String>.Outcome
    struct TestError: Error {}

    private let effects = DeferredEffectsRecorder<String>()
    private var state = AuditState(duration: .seconds(30))

    @Test mutating func theFirstElementIsHeldAndStartsTheTimer() {
        #expect(effects.update { state.received("a", $0) } == Outcome(timer: .armed(after: .seconds(30))))
        #expect(effects.held == "a")
    }

    @Test mutating func laterElementsReplaceTheHeldOneWithoutRestartingTheTimer() {
        _ = effects.update { state.received("a", $0) }
        #expect(effects.update { state.received("b", $0) } == Outcome(released: ["a"]))
        #expect(effects.held == "b")
        #expect(effects.isTimerArmed)
    }

    @Test mutating func theTimerEmitsTheHeldElementAndTheNextElementStartsANewOne() {
        _ = effects.update { state.received("a", $0) }
        _ = effects.update { state.received("b", $0) }
        #expect(effects.fire { state.durationEnded($0) } == Outcome(emitted: ["b"]))
        #expect(effects.held == nil)
        #expect(!effects.isTimerArmed)
        #expect(effects.update { state.received("c", $0) } == Outcome(timer: .armed(after: .seconds(30))))
    }

    @Test mutating func completionWithAHeldElementWaitsForTheTimer() {
        _ = effects.update { state.received("a", $0) }
        #expect(effects.update { state.sourceCompleted($0) } == Outcome())
        #expect(state.isCompleting)
        #expect(effects.fire { state.durationEnded($0) } == Outcome(emitted: ["a"], ending: .completed))
        #expect(effects.isStopped)
    }

    @Test mutating func completionWithNothingHeldCompletesAtOnce() {
        #expect(effects.update { state.sourceCompleted($0) } == Outcome(ending: .completed))

        let afterAWindow = DeferredEffectsRecorder<String>()
        _ = afterAWindow.update { state.received("a", $0) }
        _ = afterAWindow.fire { state.durationEnded($0) }
        #expect(afterAWindow.update { state.sourceCompleted($0) } == Outcome(ending: .completed))
    }

    @Test mutating func anErrorDropsTheHeldElementAndCancelsTheTimer() {
        _ = effects.update { state.received("a", $0) }
        #expect(
            effects.update { state.sourceFailed(TestError(), $0) }
                == Outcome(released: ["a"], timer: .cancelled, ending: .failed("TestError()")))
        #expect(effects.update { state.received("b", $0) } == nil)
    }
}
