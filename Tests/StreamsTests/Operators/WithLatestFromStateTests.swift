import Testing

@testable import Streams

/// `withLatestFrom`'s state machine (`WithLatestFromState`) on its own: each transition's effects,
/// with no sink and no sources (`DeferredEffectsRecorder`). A pair is not `Equatable`, so the
/// emitted pairs are compared as strings.
@Suite struct WithLatestFromStateTests {
    private let effects = DeferredEffectsRecorder<(Int, String)>()
    private var state = WithLatestFromState<String>()

    /// What a transition emitted, each pair as `"1a"`.
    private func emitted(_ outcome: DeferredEffectsRecorder<(Int, String)>.Outcome?) -> [String]? {
        outcome.map { $0.emitted.map { "\($0.0)\($0.1)" } }
    }

    @Test func anElementBeforeTheSecondSourcesFirstIsDropped() {
        #expect(emitted(effects.update { state.received(1, $0) }) == [])
    }

    @Test mutating func eachElementIsPairedWithTheSecondSourcesLatest() {
        _ = effects.update { state.secondReceived("a", $0) }
        #expect(emitted(effects.update { state.received(1, $0) }) == ["1a"])
        _ = effects.update { state.secondReceived("b", $0) }
        #expect(emitted(effects.update { state.received(2, $0) }) == ["2b"])
        #expect(emitted(effects.update { state.received(3, $0) }) == ["3b"])
    }

    @Test mutating func disposalDisposesTheSecondSourceAndDropsItsLatest() {
        let second = DisposableNode()
        state.second = second
        _ = effects.update { state.secondReceived("a", $0) }
        let outcome = effects.update { state.disposeAll($0) }
        #expect(outcome?.disposed.count == 1)
        #expect(outcome?.disposed.first === second)
        #expect(state.latest == nil)
        #expect(state.second == nil)
    }
}
