import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct DelayTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func shiftsElementsAndCompletion() {
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
        ])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test func keepsGapsBetweenElements() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .next(301, 3), .completed(302)])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(310, 1), .next(400, 2), .next(401, 3), .completed(402)])
        #expect(xs.subscriptions == [Subscription(200, 302)])
    }

    @Test func errorIsForwardedAtOnce() {
        let xs = scheduler.createHotObservable([.next(250, 2), .error(300, TestError())])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.error(300, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func errorDropsElementsStillWaiting() {
        let xs = scheduler.createHotObservable("-ab---------#", values: ["a": 1, "b": 2], error: TestError())
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        assertMarbles(res, "-----------a#", values: ["a": 1], error: TestError())
        assertSubscriptions(xs, "^-----------!")
    }

    @Test func disposalDropsWaitingElements() {
        let xs = scheduler.createHotObservable("-a----b", values: ["a": 1, "b": 2])
        let res = scheduler.start(disposed: 320) { xs.delay(.seconds(100), scheduler: scheduler) }
        assertMarbles(res, "-----------a", values: ["a": 1])
        assertSubscriptions(xs, "^-----------!")
    }

    /// The next waiting element is scheduled only after the current one was delivered, as in
    /// RxSwift: work that delivery scheduled for the same time runs first. a, delivered at 220,
    /// starts an inner that emits it at 228, when b is due too: the inner runs first, so a is
    /// emitted before b switches to its own inner (scheduling b first dropped a).
    @Test func workScheduledByADeliveryRunsBeforeTheNextElementDueThen() {
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(218, "b"), .completed(300)])
        let res = scheduler.start {
            xs.delay(.seconds(10), scheduler: scheduler).flatMapLatest {
                Observable.just($0).delay(.seconds(8), scheduler: scheduler)
            }
        }
        #expect(res.events == [.next(228, "a"), .next(236, "b"), .completed(310)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func releasesEverything() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        _ = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
        _ = scheduler.start(disposed: 235) { ys.delay(.seconds(20), scheduler: scheduler) }
    }
}

@Suite(.leakChecked) struct DelaySubscriptionTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func subscribesLater() {
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .next(290, 43), .completed(300)])
        #expect(xs.subscriptions == [Subscription(230, 300)])
    }

    @Test func forwardsErrors() {
        let xs = scheduler.createColdObservable([.next(50, 42), .error(70, TestError())])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .error(300, TestError())])
        #expect(xs.subscriptions == [Subscription(230, 300)])
    }

    @Test func disposalBeforeTheDelayNeverSubscribes() {
        let xs = scheduler.createColdObservable([.next(50, 42)])
        let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [])
    }

    @Test func disposalAfterTheDelayUnsubscribes() {
        let xs = scheduler.createColdObservable([.next(50, 42), .next(200, 43)])
        let res = scheduler.start(disposed: 300) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42)])
        #expect(xs.subscriptions == [Subscription(230, 300)])
    }

    @Test func releasesEverything() {
        let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
        _ = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        _ = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
    }
}
