import Testing

@testable import Streams

/// `debounce`'s state machine (`DebounceState`) on its own: each transition's effects, with no
/// sink, no scheduler and no clock (`DeferredEffectsRecorder`).
@Suite struct DebounceStateTests {
    typealias Outcome = DeferredEffectsRecorder<String>.Outcome
    struct TestError: Error {}

    private let effects = DeferredEffectsRecorder<String>()
    private let state = DebounceState(dueTime: .seconds(20))

    @Test func anElementIsHeldAndStartsTheTimer() {
        #expect(effects.update { state.received("a", $0) } == Outcome(timer: .armed(after: .seconds(20))))
        #expect(effects.held == "a")
    }

    @Test func eachElementReplacesThePendingOneAndRestartsTheTimer() {
        _ = effects.update { state.received("a", $0) }
        #expect(
            effects.update { state.received("b", $0) } == Outcome(released: ["a"], timer: .armed(after: .seconds(20))))
        #expect(effects.held == "b")
    }

    @Test func theTimerEmitsThePendingElement() {
        _ = effects.update { state.received("a", $0) }
        _ = effects.update { state.received("b", $0) }
        #expect(effects.fire { state.dueTimePassed($0) } == Outcome(emitted: ["b"]))
        #expect(effects.held == nil)
        #expect(!effects.isTimerArmed)
    }

    @Test func completionEmitsThePendingElementAtOnce() {
        _ = effects.update { state.received("a", $0) }
        #expect(
            effects.update { state.sourceCompleted($0) }
                == Outcome(emitted: ["a"], timer: .cancelled, ending: .completed))
        #expect(effects.isStopped)
    }

    @Test func completionWithNothingPendingCompletes() {
        #expect(effects.update { state.sourceCompleted($0) } == Outcome(ending: .completed))
    }

    @Test func anErrorDropsThePendingElement() {
        _ = effects.update { state.received("a", $0) }
        #expect(
            effects.update { state.sourceFailed(TestError(), $0) }
                == Outcome(released: ["a"], timer: .cancelled, ending: .failed("TestError()")))
        #expect(effects.update { state.received("b", $0) } == nil)
    }
}
