import Streams
import StreamsTest
import Testing

@Suite struct ElementAtTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsTheElementAtTheIndexThenCompletesAndUnsubscribes() {
        let xs = scheduler.createHotObservable("z----^abc-|", values: ["z": 0, "a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.element(at: 1) }
        assertMarbles(res, "     ^-(b|)", values: ["b": 2])
        assertSubscriptions(xs, "     ^-!")
    }

    @Test func indexZeroTakesTheFirstElement() {
        let xs = scheduler.createHotObservable("-ab--|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.element(at: 0) }
        assertMarbles(res, "-(a|)", values: ["a": 1])
        assertSubscriptions(xs, "^!")
    }

    @Test func sourceEndingEarlyFailsWithArgumentOutOfRange() {
        let xs = scheduler.createHotObservable("-ab--|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.element(at: 2) }
        assertMarbles(res, "-----#", values: [:], error: StreamsError.argumentOutOfRange)
        assertSubscriptions(xs, "^----!")
    }

    @Test func sourceErrorIsForwarded() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.element(at: 3) }
        #expect(res.events == [.error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.element(at: 1) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.element(at: 1) } == 0)
        #expect(singleSourceLeftovers { $0.element(at: 5) } == 0)
    }
}
