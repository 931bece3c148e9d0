import Dispatch
import Streams
import StreamsTest
import Testing

@Suite struct BufferTests {
    struct TestError: Error, Equatable {}

    @Test func emitsByCountOrByTimeWhicheverIsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(290, 4), .next(300, 5),
            .completed(330),
        ])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        #expect(
            res.events == [.next(220, [1, 2]), .next(270, [3]), .next(300, [4, 5]), .next(330, []), .completed(330)])
        #expect(xs.subscriptions == [Subscription(200, 330)])
    }

    @Test func timerEmitsEmptyBuffers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start(disposed: 320) { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        #expect(res.events == [.next(250, []), .next(300, [])])
        #expect(xs.subscriptions == [Subscription(200, 320)])
    }

    @Test func errorDropsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError())])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        #expect(res.events == [.error(230, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func releasesEverything() {
        let (scope, _) = LiveResources.withScope {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
            _ = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
            _ = scheduler.start(disposed: 260) { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        }
        #expect(scope.total == 0)
    }
}
