import Streams
import StreamsTest
import Testing

/// Completable's `andThen`, `concat` and `zip`, with RxSwift's events.
@Suite(.leakChecked) struct CompletableOperatorsTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Live resources in a scope while `first.andThen(never)` waits on its second part.
    static func liveWhileTheSecondPartRuns(_ first: Completable) -> Int {
        let scope = LiveResources.Scope()
        let subscription = LiveResources.withScope(scope) { first.andThen(Single<Int>.never()).subscribe() }
        defer { subscription.dispose() }
        return scope.total
    }

    @Test func andThenReleasesTheFirstCompletableWhenItCompletes() {
        let short = Self.liveWhileTheSecondPartRuns(Completable.empty())
        let long = Self.liveWhileTheSecondPartRuns(Completable.empty().do(onCompleted: {}).do(onCompleted: {}))
        #expect(long == short)
    }

    /// As RxSwift: once the first completable completed, nothing of its chain (here, an object its
    /// `do` closure captures) is kept alive by the running second part.
    @Test func andThenLetsGoOfTheFirstCompletablesChainOnceItCompleted() {
        final class Captured: Sendable {}
        let xs: TestableObservable<Never> = scheduler.createHotObservable([.completed(210)])
        weak var weakCaptured: Captured?
        var subscription: (any Disposable)?
        do {
            let captured = Captured()
            weakCaptured = captured
            let first = xs.asCompletable().do(onCompleted: { _ = captured })
            subscription = first.andThen(Completable.never()).subscribe()
        }
        #expect(weakCaptured != nil)  // the first part still runs
        scheduler.advanceTo(300)
        #expect(weakCaptured == nil)
        subscription?.dispose()
    }

    @Test func andThenSubscribesTheNextTraitWhenTheCompletableCompletes() {
        let xs: TestableObservable<Never> = scheduler.createHotObservable([.completed(210)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let single = scheduler.start { xs.asCompletable().andThen(ys.asSingle()) }
        let maybe = TestScheduler(initialClock: 0).start { Completable.empty().andThen(Maybe<Int>.empty()) }
        let observable = TestScheduler(initialClock: 0).start { Completable.empty().andThen(Observable.of(1, 2)) }
        let completable = TestScheduler(initialClock: 0).start { Completable.empty().andThen(Completable.empty()) }
        #expect(single.events == [.next(230, 3), .completed(230)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
        #expect(maybe.events == [.completed(200)])
        #expect(observable.events == [.next(200, 1), .next(200, 2), .completed(200)])
        #expect(completable.events == [.completed(200)])
    }

    @Test func andThenDoesNotSubscribeTheNextTraitAfterAFailure() {
        let xs: TestableObservable<Never> = scheduler.createHotObservable([.error(210, TraitTestError())])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { xs.asCompletable().andThen(ys.asSingle()) }
        #expect(res.events == [.error(210, TraitTestError())])
        #expect(ys.subscriptions == [])
    }

    @Test func concatSubscribesEachCompletableWhenThePreviousCompletes() {
        let xs: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
        let ys: TestableObservable<Never> = scheduler.createColdObservable([.completed(20)])
        let instance = scheduler.start { xs.asCompletable().concat(ys.asCompletable()) }
        let variadic = TestScheduler(initialClock: 0).start {
            Completable.concat(Completable.empty(), Completable.error(TraitTestError()), Completable.never())
        }
        let sequence = TestScheduler(initialClock: 0).start {
            Completable.concat((0..<3).lazy.map { _ in Completable.empty() })
        }
        #expect(instance.events == [.completed(230)])
        #expect([xs.subscriptions, ys.subscriptions] == [[Subscription(200, 210)], [Subscription(210, 230)]])
        #expect(variadic.events == [.error(200, TraitTestError())])
        #expect(sequence.events == [.completed(200)])
    }

    @Test func zipCompletesOnceEveryCompletableHasAndFailsAtTheFirstFailure() {
        let xs: TestableObservable<Never> = scheduler.createColdObservable([.completed(30)])
        let ys: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
        let completed = scheduler.start { Completable.zip(xs.asCompletable(), ys.asCompletable()) }
        let other = TestScheduler(initialClock: 0)
        let zs: TestableObservable<Never> = other.createColdObservable([.error(20, TraitTestError())])
        let failed = other.start { Completable.zip([Completable.never(), zs.asCompletable()]) }
        #expect(completed.events == [.completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
        #expect(failed.events == [.error(220, TraitTestError())])
    }

    @Test func completableEventsCompareForTests() {
        let log = TraitEventLog<CompletableEvent>()
        _ = Completable.empty().subscribe { log.append($0) }
        _ = Completable.error(TraitTestError(code: 1)).subscribe { log.append($0) }
        #expect(log.items == [.completed, .error(TraitTestError(code: 1))])
        #expect(log.items != [.completed, .error(TraitTestError(code: 2))])
    }
}
