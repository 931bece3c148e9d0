import Streams
import StreamsTest
import Testing

@Suite struct DistinctUntilChangedTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func dropsConsecutiveDuplicates() {
        let xs = scheduler.createHotObservable("-aabba----|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.distinctUntilChanged() }
        assertMarbles(res, "-a-b-a----|", values: ["a": 1, "b": 2])
        assertSubscriptions(xs, "^---------!")
    }

    @Test func comparesByKeySelector() {
        let xs = scheduler.createHotObservable([.next(210, 11), .next(220, 12), .next(230, 21), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { $0 / 10 } }
        #expect(res.events == [.next(210, 11), .next(230, 21), .completed(300)])
    }
}
