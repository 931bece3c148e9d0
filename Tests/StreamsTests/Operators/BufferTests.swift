import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct BufferTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsByCountOrByTimeWhicheverIsFirst() {
        let xs = scheduler.createHotObservable(
            "z----^abc-----de--|", values: ["z": 0, "a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        assertMarbles(res, "     ^-x----y--z--(w|)", values: ["x": [1, 2], "y": [3], "z": [4, 5], "w": []])
        assertSubscriptions(xs, "     ^------------!")
    }

    @Test func timerEmitsEmptyBuffers() {
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start(disposed: 320) { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        #expect(res.events == [.next(250, []), .next(300, [])])
        #expect(xs.subscriptions == [Subscription(200, 320)])
    }

    @Test func errorDropsTheBuffer() {
        let xs = scheduler.createHotObservable("-a-#", values: ["a": 1], error: TestError())
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        assertMarbles(res, "---#", values: [:], error: TestError())
        assertSubscriptions(xs, "^--!")
    }

    @Test func releasesEverything() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        _ = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
        _ = scheduler.start(disposed: 260) { xs.buffer(timeSpan: .seconds(50), count: 2, scheduler: scheduler) }
    }
}
