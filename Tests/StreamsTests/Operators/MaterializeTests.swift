import Streams
import StreamsTest
import Testing

@Suite struct MaterializeTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func materializeTurnsEventsIntoElementsAndCompletes() {
        let xs = scheduler.createHotObservable("z----^ab--|", values: ["z": 0, "a": 1, "b": 2])
        let res = scheduler.start { xs.materialize() }
        assertMarbles(res, "     ^ab--(c|)", values: ["a": .next(1), "b": .next(2), "c": .completed])
        assertSubscriptions(xs, "     ^----!")
    }

    @Test func materializeTurnsTheErrorIntoAnElementThenCompletes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.materialize() }
        let expected: [Recorded<Event<Event<Int>>>] = [
            .next(210, .next(1)), .next(250, .error(TestError())), .completed(250),
        ]
        #expect(res.events == expected)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func materializeDisposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.materialize() }
        #expect(res.events == [.next(210, .next(1))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func dematerializeTurnsElementsBackIntoEvents() {
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.next(1)), .next(220, .next(2)), .next(230, .completed), .next(240, .next(3)),
            .completed(250),
        ])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func dematerializeFailsOnAnErrorElement() {
        let xs = scheduler.createHotObservable([.next(210, Event<Int>.next(1)), .next(220, .error(TestError()))])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func dematerializeForwardsTheSourcesOwnEndAndDisposal() {
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.next(1)), .error(250, TestError(), Event<Int>.self),
        ])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .error(250, TestError())])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, Event<Int>.next(1)), .completed(300, Event<Int>.self)])
        let disposed = other.start(disposed: 250) { ys.dematerialize() }
        #expect(disposed.events == [.next(210, 1)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
        let third = TestScheduler(initialClock: 0)
        let zs = third.createHotObservable([.next(210, Event<Int>.next(1)), .completed(300, Event<Int>.self)])
        let completed = third.start { zs.dematerialize() }
        #expect(completed.events == [.next(210, 1), .completed(300)])
    }

    @Test func roundTripRestoresTheSequence() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.materialize().dematerialize() }
        #expect(res.events == [.next(210, 1), .error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.materialize() } == 0)
        #expect(singleSourceLeftovers { $0.materialize().dematerialize() } == 0)
        #expect(singleSourceLeftovers { $0.map { $0 == 2 ? Event<Int>.completed : .next($0) }.dematerialize() } == 0)
    }
}
