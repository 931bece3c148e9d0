import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct ThrottleTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func latestEmitsLeadingAndTrailingEdges() {
        let xs = scheduler.createHotObservable(
            "a----^b-cd-----e----f----|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6])
        let res = scheduler.start { xs.throttle(.seconds(50), latest: true, scheduler: scheduler) }
        assertMarbles(res, "     ^b----d----e----f---|", values: ["b": 2, "d": 4, "e": 5, "f": 6])
        assertSubscriptions(xs, "     ^-------------------!")
    }

    @Test func latestIsTheDefault() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(260, 2)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func elementExactlyAtWindowEndIsALeadingEdge() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(270, 3), .next(310, 4)])
        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(260, 2), .next(310, 4)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func completionWaitsForTheWindowToEmitTheKeptElement() {
        let xs = scheduler.createHotObservable("-b-c|", values: ["b": 2, "c": 3])
        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }
        assertMarbles(res, "-b----(c|)", values: ["b": 2, "c": 3])
        assertSubscriptions(xs, "^---!")
    }

    @Test func completionAfterTheWindowCompletesAtOnce() {
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3), .completed(500)])
        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(260, 3), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test func errorDropsTheKeptElement() {
        let xs = scheduler.createHotObservable("-b-c#", values: ["b": 2, "c": 3], error: TestError())
        let res = scheduler.start { xs.throttle(.seconds(50), scheduler: scheduler) }
        assertMarbles(res, "-b--#", values: ["b": 2], error: TestError())
        assertSubscriptions(xs, "^---!")
    }

    @Test func notLatestDropsElementsInsideTheWindow() {
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(230, 3), .next(240, 4), .next(260, 5), .next(300, 6), .completed(400),
        ])
        let res = scheduler.start { xs.throttle(.seconds(50), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .next(260, 5), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func notLatestCompletesAtOnceAndForwardsErrors() {
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.throttle(.seconds(50), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 2), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 2), .next(230, 3), .error(240, TestError())])
        let res2 = scheduler2.start { ys.throttle(.seconds(50), latest: false, scheduler: scheduler2) }
        #expect(res2.events == [.next(210, 2), .error(240, TestError())])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test func disposalCancelsTheTrailingTimer() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let res = scheduler.start(disposed: 240) { xs.throttle(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func releasesEverythingAfterTerminationAndDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        _ = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        _ = scheduler.start(disposed: 225) { ys.throttle(.seconds(20), scheduler: scheduler) }
    }
}
