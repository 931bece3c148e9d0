import Streams
import StreamsTest
import Testing

@Suite struct IgnoreElementsTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func forwardsOnlyCompletion() {
        let xs = scheduler.createHotObservable("z----^ab--|", values: ["z": 0, "a": 1, "b": 2])
        let res = scheduler.start { xs.ignoreElements() }
        assertMarbles(res, "     ^----|", values: [:])
        assertSubscriptions(xs, "     ^----!")
    }

    @Test func forwardsTheError() {
        let xs = scheduler.createHotObservable("-a---#", values: ["a": 1], error: TestError())
        let res = scheduler.start { xs.ignoreElements() }
        assertMarbles(res, "-----#", values: [:], error: TestError())
        assertSubscriptions(xs, "^----!")
    }

    @Test func disposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.ignoreElements() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.ignoreElements() } == 0)
    }
}
