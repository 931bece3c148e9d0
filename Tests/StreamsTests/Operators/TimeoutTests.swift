import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct TimeoutTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func forwardsEventsThatArriveInTime() {
        let xs = scheduler.createHotObservable("a----^b-c--|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
        assertMarbles(res, "     ^b-c--|", values: ["b": 2, "c": 3])
        assertSubscriptions(xs, "     ^-----!")
    }

    @Test func failsWhenNothingArrives() {
        let xs = scheduler.createHotObservable("---------------a", values: ["a": 1])
        let res = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
        assertMarbles(res, "----------#", values: [:], error: StreamsError.timeout)
        assertSubscriptions(xs, "^---------!")
    }

    @Test func eachElementResetsTheTimer() {
        let xs = scheduler.createHotObservable([.next(250, 1), .next(340, 2), .next(450, 3)])
        let res = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(250, 1), .next(340, 2), .error(440, StreamsError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 440)])
    }

    @Test func switchesToOther() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(100, -2), .completed(120)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(360, -1), .next(410, -2), .completed(430)])
        #expect(xs.subscriptions == [Subscription(200, 310)])
        #expect(ys.subscriptions == [Subscription(310, 430)])
    }

    @Test func sourceErrorBeforeTheTimeoutIsForwarded() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError())])
        let ys = scheduler.createColdObservable([.next(50, -1)])
        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [])
    }

    @Test func disposalUnsubscribesSourceOrOther() {
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(500, -2)])
        let res = scheduler.start(disposed: 400) { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(360, -1)])
        #expect(xs.subscriptions == [Subscription(200, 310)])
        #expect(ys.subscriptions == [Subscription(310, 400)])
    }

    @Test func releasesEverything() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let ys = scheduler.createColdObservable([.next(50, -1), .completed(60)])
        _ = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
        _ = scheduler.start(created: 300, subscribed: 400, disposed: 1000) {
            xs.timeout(.seconds(100), other: ys, scheduler: scheduler)
        }
        _ = scheduler.start(created: 300, subscribed: 400, disposed: 450) {
            xs.timeout(.seconds(10), other: ys, scheduler: scheduler)
        }
    }
}
