import Streams
import StreamsTest
import Testing

@Suite struct ToArrayTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsAllElementsAsOneArrayOnCompletion() {
        let xs = scheduler.createHotObservable("z----^abc-|", values: ["z": 0, "a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.toArray() }
        assertMarbles(res, "     ^----(x|)", values: ["x": [1, 2, 3]])
        assertSubscriptions(xs, "     ^----!")
    }

    @Test func emptySourceEmitsAnEmptyArray() {
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.next(250, []), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func sourceErrorDropsTheElements() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalBeforeCompletionEmitsNothing() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.toArray() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.toArray() } == 0)
    }
}
