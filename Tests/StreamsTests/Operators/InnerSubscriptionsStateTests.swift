import Testing

@testable import Streams

/// The higher-order operators' state machine (`InnerSubscriptionsState`, InnerSubscriptions.swift) on its
/// own: which inner runs, waits or is dropped, which child is disposed, and when the whole
/// completes — with plain nodes for children and no subscription (`DeferredEffectsRecorder`).
@Suite struct InnerSubscriptionsStateTests {
    typealias Outcome = DeferredEffectsRecorder<Int>.Outcome

    private let effects = DeferredEffectsRecorder<Int>()
    private let inners = (0..<3).map { _ in Inner() }
    private let children = (0..<3).map { _ in DisposableNode() }

    /// Stands for an inner observable: the state only keeps it, as an object, while it waits.
    final class Inner {}

    /// Admits inner `index` and, if it is admitted, registers its child as the sink does.
    private func start(_ index: Int, in state: inout InnerSubscriptionsState) -> (key: Int?, outcome: Outcome?) {
        var key: Int?
        let outcome = effects.update { effects in
            key = state.admit(inners[index], effects)
            if let key { state.register(children[index], key: key) }
        }
        return (key, outcome)
    }

    @Test func latestDisposesTheRunningChildWhenANewInnerArrives() {
        var state = InnerSubscriptionsState(policy: .latest)
        #expect(start(0, in: &state) == (0, Outcome()))
        let (key, outcome) = start(1, in: &state)
        #expect(key == 1)
        #expect(outcome == Outcome(disposed: [children[0]]))
        #expect(!state.counts(0))
        #expect(state.counts(1))
        // The replaced child's completion, if it still arrives, changes nothing.
        var finished: DisposableNode?
        _ = effects.update { #expect(!state.childCompleted(0, $0, finished: &finished)) }
        #expect(finished == nil)
    }

    @Test func firstDropsInnersWhileOneRuns() {
        var state = InnerSubscriptionsState(policy: .first)
        #expect(start(0, in: &state).key == 0)
        #expect(!state.acceptsInner)
        #expect(start(1, in: &state) == (nil, Outcome()))
        var finished: DisposableNode?
        _ = effects.update { _ = state.childCompleted(0, $0, finished: &finished) }
        #expect(finished === children[0])
        #expect(state.acceptsInner)
    }

    /// `merge(maxConcurrent: 1)` (`concat`): the second inner waits; when the first completes the
    /// caller is told to pump, and the pump hands out the waiting inner with the next key.
    @Test func aBoundedMergeQueuesInnersAndPumpsThemInOrder() {
        var state = InnerSubscriptionsState(policy: .merge(maxConcurrent: 1))
        #expect(start(0, in: &state).key == 0)
        #expect(state.isPumping)
        _ = effects.update { #expect(state.nextWaiting($0) == nil) }
        #expect(!state.isPumping)
        #expect(start(1, in: &state).key == nil)
        #expect(state.waiting.count == 1)

        var finished: DisposableNode?
        var pumps = false
        _ = effects.update { pumps = state.childCompleted(0, $0, finished: &finished) }
        #expect(pumps)
        var next: (inner: AnyObject, key: Int)?
        _ = effects.update { next = state.nextWaiting($0) }
        #expect(next?.inner === inners[1])
        #expect(next?.key == 1)
    }

    @Test func theOuterCompletionWaitsForTheRunningChildren() {
        var state = InnerSubscriptionsState(policy: .merge)
        _ = start(0, in: &state)
        _ = start(1, in: &state)
        #expect(effects.update { state.outerCompleted($0) } == Outcome())
        var finished: DisposableNode?
        #expect(effects.update { _ = state.childCompleted(1, $0, finished: &finished) } == Outcome())
        #expect(effects.update { _ = state.childCompleted(0, $0, finished: &finished) } == Outcome(ending: .completed))
    }

    @Test func theEndDisposesEveryRunningChild() {
        var state = InnerSubscriptionsState(policy: .merge(maxConcurrent: 2))
        _ = start(0, in: &state)
        _ = effects.update { _ = state.nextWaiting($0) }
        _ = start(1, in: &state)
        _ = effects.update { _ = state.nextWaiting($0) }
        _ = start(2, in: &state)
        #expect(state.waiting.count == 1)
        #expect(effects.update { state.end($0) } == Outcome(disposed: [children[0], children[1]]))
        #expect(state.waiting.isEmpty)
    }
}
