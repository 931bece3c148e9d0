import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct SampleTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsTheLatestNewElementAtEachTickAndCompletesOnTheTickAfterTheEnd() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300),
        ])
        let ys = scheduler.createHotObservable([
            .next(215, "a"), .next(225, "b"), .next(235, "c"), .next(245, "d"), .next(320, "e"), .completed(400),
        ])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(215, 1), .next(225, 2), .next(235, 3), .next(320, 4), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test func defaultValueFillsEmptyTicks() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(215, "a"), .next(225, "b"), .next(320, "c")])
        let res = scheduler.start { xs.sample(ys, defaultValue: 0) }
        #expect(res.events == [.next(215, 1), .next(225, 0), .next(320, 0), .completed(320)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test func samplerCompletionSamplesOnce() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(215, "a"), .completed(240)])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(215, 1), .next(240, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test func errorsAndDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError())])
        let ys = scheduler.createHotObservable([.next(215, "a"), .next(240, "b")])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(215, 1), .error(230, TestError())])
        #expect(ys.subscriptions == [Subscription(200, 230)])

        let second = TestScheduler(initialClock: 0)
        let zs = second.createHotObservable([.next(210, 1), .completed(300)])
        let ticks = second.createHotObservable([.error(220, TestError(), String.self)])
        let failed = second.start { zs.sample(ticks) }
        #expect(failed.events == [.error(220, TestError())])
        #expect(zs.subscriptions == [Subscription(200, 220)])

        let third = TestScheduler(initialClock: 0)
        let ws = third.createHotObservable([.next(210, 1)])
        let late = third.createHotObservable([.next(215, "a"), .next(400, "b")])
        let disposed = third.start(disposed: 250) { ws.sample(late) }
        #expect(disposed.events == [.next(215, 1)])
        #expect(ws.subscriptions == [Subscription(200, 250)])
        #expect(late.subscriptions == [Subscription(200, 250)])
    }
}
