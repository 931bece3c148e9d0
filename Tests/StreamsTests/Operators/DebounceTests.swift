import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct DebounceTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsAfterQuietPeriodAndCompletes() {
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(280, 3), .next(400, 4), .completed(500),
        ])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(270, 2), .next(300, 3), .next(420, 4), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    @Test func eachElementRestartsTheTimer() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(225, 3), .next(244, 4)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(264, 4)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func completionFlushesThePendingElement() {
        let xs = scheduler.createHotObservable("-ab|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "---(b|)", values: ["b": 2])
        assertSubscriptions(xs, "^--!")
    }

    @Test func errorDropsThePendingElement() {
        let xs = scheduler.createHotObservable("-ab#", values: ["a": 1, "b": 2], error: TestError())
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "---#", values: [:], error: TestError())
        assertSubscriptions(xs, "^--!")
    }

    @Test func emptyCompletesAtOnce() {
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300, Int.self)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func disposalCancelsThePendingTimer() {
        let xs = scheduler.createColdObservable("-a---b", values: ["a": 1, "b": 2])
        let res = scheduler.start(disposed: 260) { xs.debounce(.seconds(20), scheduler: scheduler) }
        assertMarbles(res, "---a", values: ["a": 1])
        assertSubscriptions(xs, "^-----!")
    }

    @Test func releasesEverythingAfterTerminationAndDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        _ = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        _ = scheduler.start(disposed: 225) { ys.debounce(.seconds(20), scheduler: scheduler) }
    }
}
