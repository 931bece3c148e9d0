import Testing

@testable import Streams

/// `combineLatest`'s and `zip`'s state machines (`CombineLatestState`, `ZipState`) on their own:
/// each source's element is one transition, with no sink and no sources
/// (`DeferredEffectsRecorder`). The sources' completions are recorded as the sink does, in the
/// state's `completion`.
@Suite struct MultiSourceStateTests {
    typealias Outcome = DeferredEffectsRecorder<[String]>.Outcome

    private let effects = DeferredEffectsRecorder<[String]>()

    @Test func combineLatestEmitsOnceEverySourceHasAndThenOnEachElement() {
        var state = CombineLatestState<String>(arity: 2)
        #expect(effects.update { state.received("a", at: 0, $0) } == Outcome())
        #expect(effects.update { state.received("b", at: 0, $0) } == Outcome())
        #expect(effects.update { state.received("1", at: 1, $0) } == Outcome(emitted: [["b", "1"]]))
        #expect(effects.update { state.received("2", at: 1, $0) } == Outcome(emitted: [["b", "2"]]))
    }

    /// A source's element while every other source completed without a value: no result can
    /// ever come, so it completes.
    @Test func combineLatestCompletesWhenNoResultCanCome() {
        var state = CombineLatestState<String>(arity: 2)
        _ = state.completion.complete(1)
        #expect(effects.update { state.received("a", at: 0, $0) } == Outcome(ending: .completed))
    }

    @Test func zipPairsElementsInOrder() {
        var state = ZipState<String>(arity: 2, rules: .collection)
        _ = effects.update { state.received("a", at: 0, $0) }
        _ = effects.update { state.received("b", at: 0, $0) }
        #expect(effects.update { state.received("1", at: 1, $0) } == Outcome(emitted: [["a", "1"]]))
        #expect(effects.update { state.received("2", at: 1, $0) } == Outcome(emitted: [["b", "2"]]))
        #expect(effects.update { state.received("3", at: 1, $0) } == Outcome())
        #expect(state.queues == [[], ["3"]])
    }

    /// An element that can never be paired (every other source completed) completes the
    /// collection forms; the fixed arities wait for every source to complete.
    @Test func zipOfACollectionCompletesOnAnElementThatCanNeverBePaired() {
        var collection = ZipState<String>(arity: 2, rules: .collection)
        _ = collection.completion.complete(1)
        #expect(effects.update { collection.received("a", at: 0, $0) } == Outcome(ending: .completed))

        var arity = ZipState<String>(arity: 2, rules: .arity)
        _ = arity.completion.complete(1)
        let fixed = DeferredEffectsRecorder<[String]>()
        #expect(fixed.update { arity.received("a", at: 0, $0) } == Outcome())
    }

    @Test func disposalHandsTheHeldValuesToTheEngine() {
        var state = ZipState<String>(arity: 2, rules: .collection)
        _ = effects.update { state.received("a", at: 0, $0) }
        _ = effects.update { state.releaseValues($0) }
        #expect(state.queues.isEmpty)
    }
}
