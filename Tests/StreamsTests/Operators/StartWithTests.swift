import Streams
import StreamsTest
import Testing

@Suite struct StartWithTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsTheElementsInOrderThenSubscribesTheSource() {
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.startWith(7, 8) }
        #expect(res.events == [.next(200, 7), .next(200, 8), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func nestedStartWithPrependsTheOuterElementsFirst() {
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(250)])
        let res = scheduler.start { xs.startWith(1).startWith(0) }
        #expect(res.events == [.next(200, 0), .next(200, 1), .next(220, 2), .completed(250)])
    }

    @Test func sourceErrorIsForwarded() {
        let xs = scheduler.createHotObservable("--b--#", values: ["b": 2], error: TestError())
        let res = scheduler.start { xs.startWith(1) }
        assertMarbles(res, "a-b--#", values: ["a": 1, "b": 2], error: TestError())
        assertSubscriptions(xs, "^----!")
    }

    @Test func disposalUnsubscribesTheSource() {
        let xs = scheduler.createHotObservable("--b-c|", values: ["b": 2, "c": 3])
        let res = scheduler.start(disposed: 230) { xs.startWith(1) }
        assertMarbles(res, "a-b", values: ["a": 1, "b": 2])
        assertSubscriptions(xs, "^--!")
    }

    @Test func downstreamThatEndsDuringThePrefixStillSubscribesAndDisposesTheSource() {
        let xs = scheduler.createHotObservable("--b--|", values: ["b": 2])
        let res = scheduler.start { xs.startWith(1, 2, 3).take(1) }
        assertMarbles(res, "(a|)", values: ["a": 1])
        assertSubscriptions(xs, "(^!)")
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.startWith(0) } == 0)
        #expect(singleSourceLeftovers { $0.startWith(1, 2).take(1) } == 0)
    }
}
