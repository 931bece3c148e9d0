import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct WithLatestFromTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func pairsEachElementWithTheLatestOfTheSecond() {
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(240, 4), .next(260, 6), .completed(300),
        ])
        let ys = scheduler.createHotObservable([.next(150, 100), .next(215, 10), .next(235, 30), .completed(250)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 12), .next(240, 34), .next(260, 36), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func withoutSelectorEmitsTheLatestOfTheSecond() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 4), .completed(300)])
        let ys = scheduler.createHotObservable([.next(215, "a"), .next(235, "b")])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(220, "a"), .next(240, "b"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    @Test func errorsFromEitherSourceAndFromTheSelector() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(205, 10), .error(215, TestError())])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        #expect(res.events == [.next(210, 11), .error(215, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 215)])
        #expect(ys.subscriptions == [Subscription(200, 215)])

        let second = TestScheduler(initialClock: 0)
        let firsts = second.createHotObservable([.next(210, 1), .error(220, TestError())])
        let seconds = second.createHotObservable([.next(205, 10), .completed(400)])
        let failed = second.start { firsts.withLatestFrom(seconds) { $0 + $1 } }
        #expect(failed.events == [.next(210, 11), .error(220, TestError())])
        #expect(seconds.subscriptions == [Subscription(200, 220)])

        let third = TestScheduler(initialClock: 0)
        let as1 = third.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let bs1 = third.createHotObservable([.next(205, 10), .completed(400)])
        let thrown = third.start {
            as1.withLatestFrom(bs1) { a, b -> Int in
                if a == 2 { throw TestError() }
                return a + b
            }
        }
        #expect(thrown.events == [.next(210, 11), .error(220, TestError())])
        #expect(as1.subscriptions == [Subscription(200, 220)])
        #expect(bs1.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalDisposesBoth() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let ys = scheduler.createHotObservable([.next(205, 10), .next(305, 20)])
        let res = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) { $0 + $1 } }
        #expect(res.events == [.next(210, 11)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }
}
