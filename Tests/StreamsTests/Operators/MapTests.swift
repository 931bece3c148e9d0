import Streams
import StreamsTest
import Testing

@Suite struct MapTests {
    struct TestError: Error, Equatable {}

    @Test func mapsEachElementAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        #expect(res.events == [.next(210, 20), .next(220, 30), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func thrownErrorEndsTheSequenceAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw TestError() }
                return value
            }
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(500, 2)])
        let res = scheduler.start(disposed: 400) { xs.map { $0 + 1 } }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}
