import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct SkipUntilTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func passesElementsAfterTheTriggerEmits() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(215, "go"), .completed(300)])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events == [.next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 215)])
    }

    @Test func sourceCompletingBeforeTheTriggerEndsSilently() {
        let xs = scheduler.createHotObservable("-a---|", values: ["a": 1])
        let other = scheduler.createHotObservable("----------g", values: ["g": "go"])
        let res = scheduler.start { xs.skip(until: other) }
        assertMarbles(res, "-", values: [:])
        assertSubscriptions(xs, "^----!")
        assertSubscriptions(other, "^----!")
    }

    @Test func triggerCompletingWithoutElementKeepsDropping() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let other = scheduler.createHotObservable([.completed(225, String.self)])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func errorsAndDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let other = scheduler.createHotObservable([.error(225, TestError(), String.self)])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events == [.error(225, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(210, 1), .next(230, 2), .error(240, TestError())])
        let trigger = second.createHotObservable([.next(220, 0)])
        let failed = second.start { ys.skip(until: trigger) }
        #expect(failed.events == [.next(230, 2), .error(240, TestError())])
        #expect(trigger.subscriptions == [Subscription(200, 220)])

        let third = TestScheduler(initialClock: 0)
        let zs = third.createHotObservable([.next(210, 1), .next(300, 2)])
        let late = third.createHotObservable([.next(400, 0)])
        let disposed = third.start(disposed: 250) { zs.skip(until: late) }
        #expect(disposed.events == [])
        #expect(zs.subscriptions == [Subscription(200, 250)])
        #expect(late.subscriptions == [Subscription(200, 250)])
    }
}
