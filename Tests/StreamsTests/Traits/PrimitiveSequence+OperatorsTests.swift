import Streams
import StreamsTest
import Testing

/// The operators every trait shares, each the observable operator of the same name; exact events
/// as RxSwift's `PrimitiveSequence` produces them on a test scheduler.
@Suite(.leakChecked) struct PrimitiveSequenceOperatorsTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Counts calls from `@Sendable` closures.
    final class Counter: Sendable {
        private let value = Locked(0)
        func next() -> Int {
            value.withLock {
                $0 += 1
                return $0
            }
        }
        var count: Int { value.withLock { $0 } }
    }

    @Test func deferredCallsTheFactoryForEverySubscription() {
        let counter = Counter()
        let single = Single<Int>.deferred { Single.just(counter.next() * 10) }
        _ = single.subscribe()
        let events = scheduler.start { single }.events
        #expect(events == [.next(200, 20), .completed(200)])
        #expect(counter.count == 2)
    }

    @Test func deferredFailsWithTheFactorysError() {
        let events = TestScheduler(initialClock: 0).start { Maybe<Int>.deferred { throw TraitTestError(code: 3) } }
            .events
        #expect(events == [.error(200, TraitTestError(code: 3))])
    }

    @Test func usingDisposesTheResourceAfterTheSequenceEnds() {
        let log = TraitLog()
        let xs = scheduler.createHotObservable([.next(230, 4), .completed(230)])
        let events = scheduler.start {
            Single<Int>.using(
                { LoggedResource(log, scheduler) },
                primitiveSequenceFactory: { _ in
                    xs.asSingle().do(onDispose: { log.append("source disposed at \(scheduler.clock)") })
                })
        }.events
        #expect(events == [.next(230, 4), .completed(230)])
        #expect(log.items == ["resource created at 200", "source disposed at 230", "resource disposed at 230"])
    }

    /// As RxSwift's `test_delay`: the completion follows the element one hop later.
    @Test func delayShiftsTheResultButNotAFailure() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let delayed = scheduler.start { xs.asSingle().delay(.seconds(50), scheduler: scheduler) }
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.error(210, TraitTestError(), Int.self)])
        let failed = other.start { ys.asSingle().delay(.seconds(50), scheduler: other) }
        #expect(delayed.events == [.next(260, 1), .completed(261)])
        #expect(failed.events == [.error(210, TraitTestError())])
    }

    @Test func delaySubscriptionSubscribesLater() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asSingle().delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 1), .completed(240)])
        #expect(xs.subscriptions == [Subscription(230, 240)])
    }

    /// As RxSwift's `test_observeOn`: each event is its own hop, one tick apart on a test scheduler.
    @Test func observeOnDeliversOnTheScheduler() {
        let events = scheduler.start { Single.just(1).observe(on: scheduler) }.events
        #expect(events == [.next(201, 1), .completed(202)])
    }

    @Test func subscribeOnSubscribesOnTheScheduler() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asSingle().subscribe(on: scheduler) }
        #expect(res.events == [.next(211, 1), .completed(211)])
        #expect(xs.subscriptions.map(\.subscribe) == [201])
    }

    @Test func catchContinuesWithTheFallbackTrait() {
        let xs: TestableObservable<Never> = scheduler.createHotObservable([.error(220, TraitTestError())])
        let ys: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
        let events = scheduler.start { xs.asCompletable().catch { _ in ys.asCompletable() } }.events
        #expect(events == [.completed(230)])
    }

    @Test func retrySubscribesAgainAtEachFailureUpToTheCount() {
        let xs = scheduler.createColdObservable([.error(10, TraitTestError(), Int.self)])
        let res = scheduler.start { xs.asSingle().retry(3) }
        #expect(res.events == [.error(230, TraitTestError())])
        #expect(xs.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    @Test func retryWhenResubscribesWhenTheHandlersSequenceEmits() {
        let counter = Counter()
        let flaky = Single<Int>.deferred {
            counter.next() < 3 ? Single.error(TraitTestError()) : Single.just(7)
        }
        let events = scheduler.start {
            flaky.retry(when: { (errors: Observable<TraitTestError>) in
                errors.flatMap { _ in Observable<Int>.timer(.seconds(5), scheduler: scheduler) }
            })
        }.events
        #expect(events == [.next(210, 7), .completed(210)])
        #expect(counter.count == 3)
    }

    @Test func debugPassesEveryEventThrough() {
        let events = TestScheduler(initialClock: 0).start { Maybe<Int>.empty().debug("maybe") }.events
        #expect(events == [.completed(200)])
    }

    @Test func timeoutFailsOrSwitchesWhenNoResultArrivesInTime() {
        let failed = scheduler.start { Single<Int>.never().timeout(.seconds(50), scheduler: scheduler) }
        let other = TestScheduler(initialClock: 0)
        let switched = other.start {
            Single<Int>.never().timeout(.seconds(50), other: Single.just(9), scheduler: other)
        }
        #expect(failed.events == [.error(250, StreamsError.timeout)])
        #expect(switched.events == [.next(250, 9), .completed(250)])
    }

    @Test func timerSucceedsWithZeroAfterTheDueTime() {
        let events = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }.events
        #expect(events == [.next(230, 0), .completed(230)])
    }

    @Test func errorAndNeverExistForEveryTrait() {
        let completable = scheduler.start { Completable.error(TraitTestError(code: 1)) }
        let maybe = TestScheduler(initialClock: 0).start { Maybe<Int>.never() }
        #expect(completable.events == [.error(200, TraitTestError(code: 1))])
        #expect(maybe.events == [])
    }
}
