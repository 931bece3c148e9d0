import Streams
import StreamsTest
import Testing

/// The maybe-only operators added with the RxSwift 6 trait API.
@Suite(.leakChecked) struct MaybeOperatorsTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func ifEmptyDefaultSucceedsWithTheDefaultWhenTheMaybeCompletesEmpty() {
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(230)])
        let empty = scheduler.start { xs.asMaybe().ifEmpty(default: 9) }
        let full = TestScheduler(initialClock: 0).start { Maybe.just(1).ifEmpty(default: 9) }
        let failed = TestScheduler(initialClock: 0).start { Maybe<Int>.error(TraitTestError()).ifEmpty(default: 9) }
        #expect(empty.events == [.next(230, 9), .completed(230)])
        #expect(full.events == [.next(200, 1), .completed(200)])
        #expect(failed.events == [.error(200, TraitTestError())])
    }

    @Test func ifEmptySwitchToSubscribesTheOtherWhenTheMaybeCompletesEmpty() {
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(230)])
        let ys = scheduler.createColdObservable([.next(20, 4), .completed(20)])
        let maybe = scheduler.start { xs.asMaybe().ifEmpty(switchTo: ys.asMaybe()) }
        let single = TestScheduler(initialClock: 0).start { Maybe<Int>.empty().ifEmpty(switchTo: Single.just(5)) }
        #expect(maybe.events == [.next(250, 4), .completed(250)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
        #expect(single.events == [.next(200, 5), .completed(200)])
    }

    @Test func ifEmptyDoesNotSubscribeTheOtherWhenThereIsAnElement() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let ys = scheduler.createColdObservable([.next(20, 4), .completed(20)])
        let res = scheduler.start { xs.asMaybe().ifEmpty(switchTo: ys.asSingle()) }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(ys.subscriptions == [])
    }

    @Test func compactMapDropsNil() {
        let kept = TestScheduler(initialClock: 0).start { Maybe.just("3").compactMap { Int($0) } }
        let dropped = TestScheduler(initialClock: 0).start { Maybe.just("x").compactMap { Int($0) } }
        #expect(kept.events == [.next(200, 3), .completed(200)])
        #expect(dropped.events == [.completed(200)])
    }

    @Test func maybeEventsCompareForTests() {
        let log = TraitEventLog<MaybeEvent<Int>>()
        _ = Maybe.just(1).subscribe { log.append($0) }
        _ = Maybe<Int>.empty().subscribe { log.append($0) }
        _ = Maybe<Int>.error(TraitTestError(code: 4)).subscribe { log.append($0) }
        #expect(log.items == [.success(1), .completed, .error(TraitTestError(code: 4))])
        #expect(log.items != [.success(1), .completed, .error(TraitTestError(code: 5))])
    }
}
