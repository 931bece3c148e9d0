import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct FlatMapFirstTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func dropsOuterElementsWhileAnInnerRuns() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let ys2 = scheduler.createColdObservable([.next(10, 10), .completed(20)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1), .next(235, ys2), .next(260, ys2), .completed(300),
        ])
        let res = scheduler.start { xs.flatMapFirst { $0 } }
        #expect(res.events == [.next(220, 1), .next(230, 2), .next(240, 3), .next(270, 10), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys1.subscriptions == [Subscription(210, 250)])
        #expect(ys2.subscriptions == [Subscription(260, 280)])
    }

    @Test func waitsForTheRunningInnerBeforeCompleting() {
        let ys1 = scheduler.createColdObservable("-a--------|", values: ["a": 1])
        let xs = scheduler.createHotObservable("-y---|", values: ["y": ys1])
        let res = scheduler.start { xs.flatMapFirst { $0 } }
        assertMarbles(res, "--a--------|", values: ["a": 1])
        assertSubscriptions(xs, "^----!")
        assertSubscriptions(ys1, "-^---------!")
    }

    @Test func innerErrorAndDisposal() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let xs = scheduler.createHotObservable([.next(210, ys1), .completed(300)])
        let res = scheduler.start { xs.flatMapFirst { $0 } }
        #expect(res.events == [.next(220, 1), .error(230, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])

        let other = TestScheduler(initialClock: 0)
        let zs1 = other.createColdObservable([.next(10, 1), .completed(100)])
        let zs = other.createHotObservable([.next(210, zs1), .completed(300)])
        let disposed = other.start(disposed: 250) { zs.flatMapFirst { $0 } }
        #expect(disposed.events == [.next(220, 1)])
        #expect(zs.subscriptions == [Subscription(200, 250)])
        #expect(zs1.subscriptions == [Subscription(210, 250)])
    }

    @Test func selectorErrorFails() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.flatMapFirst { _ -> Observable<Int> in throw TestError() } }
        #expect(res.events == [.error(210, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}
