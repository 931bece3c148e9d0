import Streams
import StreamsTest
import Testing

@Suite struct MapTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func mapsEachElementAndCompletes() {
        let xs = scheduler.createHotObservable("a----^bc-------|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.map { $0 * 10 } }
        assertMarbles(res, "     ^BC-------|", values: ["B": 20, "C": 30])
        assertSubscriptions(xs, "     ^---------!")
    }

    @Test func thrownErrorEndsTheSequenceAndUnsubscribes() {
        let xs = scheduler.createHotObservable("-abc------|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw TestError() }
                return value
            }
        }
        assertMarbles(res, "-a#", values: ["a": 1], error: TestError())
        assertSubscriptions(xs, "^-!")
    }

    @Test func disposalUnsubscribes() {
        let xs = scheduler.createColdObservable([.next(10, 1), .next(500, 2)])
        let res = scheduler.start(disposed: 400) { xs.map { $0 + 1 } }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}
