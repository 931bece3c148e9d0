import Streams
import StreamsTest
import Testing

/// `TestScheduler.start` takes anything observable-convertible, as RxTest's does: observables,
/// test observables themselves, and the traits.
@Suite struct TestSchedulerStartTests {
    let scheduler = TestScheduler(initialClock: 0)

    struct TestError: Error, Equatable {}

    @Test func startsATestableObservableItself() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func startsEachTrait() {
        let single = TestScheduler(initialClock: 0).start { Single.just(1) }
        let maybe = TestScheduler(initialClock: 0).start { Maybe<Int>.empty() }
        let completable = TestScheduler(initialClock: 0).start { Completable.error(TestError()) }
        let infallible = TestScheduler(initialClock: 0).start { Infallible.of(1, 2) }
        #expect(single.events == [.next(200, 1), .completed(200)])
        #expect(maybe.events == [.completed(200)])
        #expect(completable.events == [.error(200, TestError())])
        #expect(infallible.events == [.next(200, 1), .next(200, 2), .completed(200)])
    }

    @Test func startsATraitAtTheGivenTicks() {
        let xs = scheduler.createHotObservable([.next(250, 1), .completed(250), .next(350, 2), .completed(350)])
        let early = scheduler.start(created: 100, subscribed: 150, disposed: 300) { xs.asSingle() }
        #expect(early.events == [.next(250, 1), .completed(250)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(250, 1), .completed(250)])
        let disposed = other.start(disposed: 240) { ys.asMaybe() }
        #expect(disposed.events == [])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test func singleEventsCompare() {
        let successes: [SingleEvent<Int>] = [.success(1), .failure(TestError())]
        #expect(successes == [.success(1), .failure(TestError())])
        #expect(!(successes == [.success(2), .failure(TestError())]))
        #expect(!(successes == [.success(1)]))
        #expect(SingleEvent<Int>.success(1) == .success(1))
        #expect(!(SingleEvent<Int>.failure(TestError()) == .failure(StreamsError.timeout)))
    }
}
