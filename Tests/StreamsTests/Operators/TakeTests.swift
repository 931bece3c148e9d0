import Streams
import StreamsTest
import Testing

@Suite struct TakeTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func takeCompletesAndUnsubscribesAtTheCountthElement() {
        let xs = scheduler.createHotObservable("z----^abc-|", values: ["z": 0, "a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.take(2) }
        assertMarbles(res, "     ^a(b|)", values: ["a": 1, "b": 2])
        assertSubscriptions(xs, "     ^-!")
    }

    @Test func takeZeroCompletesAtOnceWithoutSubscribing() {
        let xs = scheduler.createHotObservable("-a---|", values: ["a": 1])
        let res = scheduler.start { xs.take(0) }
        assertMarbles(res, "|", values: [:])
        assertSubscriptions(xs)
    }

    @Test func takeMoreThanAvailableForwardsTheSourceCompletion() {
        let xs = scheduler.createHotObservable("-a---|", values: ["a": 1])
        let res = scheduler.start { xs.take(5) }
        assertMarbles(res, "-a---|", values: ["a": 1])
        assertSubscriptions(xs, "^----!")
    }

    @Test func takeForwardsErrorsAndUnsubscribesOnDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let failed = scheduler.start { xs.take(3) }
        #expect(failed.events == [.next(210, 1), .error(250, TestError())])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(310, 1), .next(340, 2), .completed(350)])
        let disposed = other.start(created: 300, subscribed: 300, disposed: 330) { ys.take(3) }
        #expect(disposed.events == [.next(310, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(300, 330)])
    }

    @Test func takeStopsASynchronousSourceEarly() {
        let res = scheduler.start { Observable.from([1, 2, 3, 4]).take(2) }
        #expect(res.events == [.next(200, 1), .next(200, 2), .completed(200)])
    }

    @Test func takeWhileExclusiveCompletesBeforeTheFirstFailingElement() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(250),
        ])
        let res = scheduler.start { xs.take(while: { $0 < 3 }) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func takeWhileInclusiveEmitsTheFirstFailingElement() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 5), .next(240, 1), .completed(250)])
        let res = scheduler.start { xs.take(while: { $0 < 3 }, behavior: .inclusive) }
        #expect(res.events == [.next(210, 1), .next(230, 5), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func takeUntilPredicateStopsAtTheFirstMatch() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(240, 1), .completed(250)])
        let exclusive = scheduler.start { xs.take(until: { $0 > 3 }) }
        #expect(exclusive.events == [.next(210, 1), .completed(220)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(310, 1), .next(320, 5), .completed(350)])
        let inclusive = other.start(created: 300, subscribed: 300, disposed: 1000) {
            ys.take(until: { $0 > 3 }, behavior: .inclusive)
        }
        #expect(inclusive.events == [.next(310, 1), .next(320, 5), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(300, 320)])
    }

    @Test func takeWhilePredicateErrorEndsTheSequence() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start {
            xs.take(while: { value in
                if value == 2 { throw TestError() }
                return true
            })
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func takeWhileForwardsErrorsCompletionAndUnsubscribesOnDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let failed = scheduler.start { xs.take(while: { $0 < 3 }) }
        #expect(failed.events == [.next(210, 1), .error(250, TestError())])
        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(310, 1), .next(340, 2), .completed(350)])
        let disposed = second.start(created: 300, subscribed: 300, disposed: 330) { ys.take(while: { $0 < 3 }) }
        #expect(disposed.events == [.next(310, 1)])
        let third = TestScheduler(initialClock: 0)
        let zs = third.createHotObservable([.next(410, 1), .completed(450)])
        let completed = third.start(created: 400, subscribed: 400, disposed: 1000) { zs.take(while: { $0 < 3 }) }
        #expect(completed.events == [.next(410, 1), .completed(450)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(300, 330)])
        #expect(zs.subscriptions == [Subscription(400, 450)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.take(1) } == 0)
        #expect(singleSourceLeftovers { $0.take(0) } == 0)
        #expect(singleSourceLeftovers { $0.take(5) } == 0)
        #expect(singleSourceLeftovers { $0.take(while: { $0 < 2 }, behavior: .inclusive) } == 0)
        #expect(singleSourceLeftovers { $0.take(until: { $0 > 5 }) } == 0)
    }
}
