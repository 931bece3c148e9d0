import Streams
import StreamsTest
import Testing

@Suite struct TakeLastTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsTheLastElementsWhenTheSourceCompletes() {
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(245, 5),
            .completed(250),
        ])
        let res = scheduler.start { xs.takeLast(3) }
        #expect(res.events == [.next(250, 3), .next(250, 4), .next(250, 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func fewerElementsThanCountEmitsThemAll() {
        let xs = scheduler.createHotObservable("-ab--|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.takeLast(5) }
        assertMarbles(res, "-----(ab|)", values: ["a": 1, "b": 2])
    }

    @Test func takeLastZeroOnlyCompletes() {
        let xs = scheduler.createHotObservable("-ab--|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.takeLast(0) }
        assertMarbles(res, "-----|", values: [:])
        assertSubscriptions(xs, "^----!")
    }

    @Test func keepsOrderAcrossManyWrapsOfTheBuffer() {
        let res = scheduler.start { Observable.from(Array(1...1_003)).takeLast(4) }
        #expect(
            res.events == [.next(200, 1_000), .next(200, 1_001), .next(200, 1_002), .next(200, 1_003), .completed(200)])
    }

    @Test func sourceErrorDropsTheBuffer() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.takeLast(2) }
        #expect(res.events == [.error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalBeforeCompletionEmitsNothing() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.takeLast(2) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func downstreamThatEndsWhileFlushingStopsTheFlush() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let res = scheduler.start { xs.takeLast(3).take(2) }
        #expect(res.events == [.next(250, 1), .next(250, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.takeLast(1) } == 0)
        #expect(singleSourceLeftovers { $0.takeLast(2).take(1) } == 0)
    }
}
