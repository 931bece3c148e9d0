import Streams
import StreamsTest
import Testing

@Suite struct DistinctUntilChangedTests {
    @Test func dropsConsecutiveDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 2), .next(250, 1), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func comparesByKeySelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 11), .next(220, 12), .next(230, 21), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { $0 / 10 } }
        #expect(res.events == [.next(210, 11), .next(230, 21), .completed(300)])
    }
}
