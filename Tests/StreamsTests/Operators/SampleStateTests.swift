import Testing

@testable import Streams

/// `sample`'s state machine (`SampleState`) on its own: each transition's effects, with no sink
/// and no sampler (`DeferredEffectsRecorder`).
@Suite struct SampleStateTests {
    typealias Outcome = DeferredEffectsRecorder<String>.Outcome

    private let effects = DeferredEffectsRecorder<String>()
    private var state = SampleState<String, Void>(defaultValue: nil)

    @Test mutating func aTickEmitsTheLatestElementOnce() {
        _ = effects.update { state.received("a", $0) }
        _ = effects.update { state.received("b", $0) }
        #expect(state.element == "b")
        #expect(effects.update { state.tick($0) } == Outcome(emitted: ["b"]))
        #expect(effects.update { state.tick($0) } == Outcome())
    }

    @Test mutating func withADefaultValueATickWithNothingNewEmitsIt() {
        state = SampleState(defaultValue: "default")
        #expect(effects.update { state.tick($0) } == Outcome(emitted: ["default"]))
        _ = effects.update { state.received("a", $0) }
        #expect(effects.update { state.tick($0) } == Outcome(emitted: ["a"]))
    }

    /// After the source completed, the next tick emits what is due, then completes.
    @Test mutating func theTickAfterTheSourcesEndIsTheLast() {
        _ = effects.update { state.received("a", $0) }
        #expect(effects.update { _ in state.sourceCompleted() } == Outcome())
        #expect(effects.update { state.tick($0) } == Outcome(emitted: ["a"], ending: .completed))
        #expect(effects.isStopped)
    }

    @Test mutating func disposalDisposesTheSamplerAndDropsTheLatestElement() {
        let ticker = DisposableNode()
        state.ticker = ticker
        _ = effects.update { state.received("a", $0) }
        #expect(effects.update { state.disposeAll($0) } == Outcome(disposed: [ticker]))
        #expect(state.element == nil)
        #expect(state.ticker == nil)
    }
}
