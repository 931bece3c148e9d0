import Testing

@testable import Streams

/// `timeout`'s state machine (`TimeoutState`) on its own: each transition's effects, with no sink
/// and no scheduler (`DeferredEffectsRecorder`).
@Suite struct TimeoutStateTests {
    typealias Outcome = DeferredEffectsRecorder<String>.Outcome
    typealias State = TimeoutState<String>
    struct TestError: Error {}

    private let effects = DeferredEffectsRecorder<String>()
    private var state = State(dueTime: .seconds(40))
    private let source = DisposableNode()
    private let other = DisposableNode()

    @Test func theTimerCountsFromTheSubscription() {
        #expect(effects.update { state.started($0) } == Outcome(timer: .armed(after: .seconds(40))))
    }

    @Test mutating func eachSourceElementIsForwardedAndRestartsTheTimer() {
        state.live = source
        _ = effects.update { state.started($0) }
        #expect(
            effects.update { state.childReceived("a", key: State.sourceKey, $0) }
                == Outcome(emitted: ["a"], timer: .armed(after: .seconds(40))))
    }

    @Test mutating func theSourcesEndIsForwarded() {
        #expect(effects.update { state.childCompleted(key: State.sourceKey, $0) } == Outcome(ending: .completed))

        let failing = DeferredEffectsRecorder<String>()
        #expect(
            failing.update { state.childFailed(TestError(), key: State.sourceKey, $0) }
                == Outcome(ending: .failed("TestError()")))
    }

    /// The timer disposes the source and switches: from then on only `other`'s events count, and
    /// they restart no timer.
    @Test mutating func theTimerSwitchesToTheOtherSource() {
        state.live = source
        _ = effects.update { state.started($0) }
        var switched = false
        #expect(effects.fire { switched = state.timedOut($0) } == Outcome(disposed: [source]))
        #expect(switched)
        #expect(state.live == nil)
        state.live = other
        #expect(effects.update { state.childReceived("late", key: State.sourceKey, $0) } == Outcome())
        #expect(effects.update { state.childCompleted(key: State.sourceKey, $0) } == Outcome())
        #expect(effects.update { state.childReceived("b", key: State.otherKey, $0) } == Outcome(emitted: ["b"]))
        #expect(effects.update { state.childCompleted(key: State.otherKey, $0) } == Outcome(ending: .completed))
    }

    @Test mutating func aSecondTimeoutDoesNothing() {
        _ = effects.update { state.started($0) }
        _ = effects.fire { _ = state.timedOut($0) }
        var switchedAgain = true
        _ = effects.update { switchedAgain = state.timedOut($0) }
        #expect(!switchedAgain)
    }

    @Test mutating func disposalDisposesTheLiveChild() {
        state.live = other
        #expect(effects.update { state.disposeLive($0) } == Outcome(disposed: [other]))
        #expect(state.live == nil)
    }
}
