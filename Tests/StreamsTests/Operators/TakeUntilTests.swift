import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct TakeUntilTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func completesWhenTheTriggerEmits() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(225, "stop"), .completed(300)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func triggerCompletingWithoutElementChangesNothing() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let other = scheduler.createHotObservable([.completed(225, String.self)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .next(230, 3), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func errorsFromEitherSource() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let other = scheduler.createHotObservable([.error(225, TestError(), String.self)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .error(225, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(210, 1), .error(220, TestError())])
        let trigger = second.createHotObservable([.next(300, 0)])
        let failed = second.start { ys.take(until: trigger) }
        #expect(failed.events == [.next(210, 1), .error(220, TestError())])
        #expect(trigger.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalDisposesBoth() {
        let xs = scheduler.createHotObservable("-a--------b", values: ["a": 1, "b": 2])
        let other = scheduler.createHotObservable("--------------------z", values: ["z": 0])
        let res = scheduler.start(disposed: 250) { xs.take(until: other) }
        assertMarbles(res, "-a", values: ["a": 1])
        assertSubscriptions(xs, "^----!")
        assertSubscriptions(other, "^----!")
    }
}
