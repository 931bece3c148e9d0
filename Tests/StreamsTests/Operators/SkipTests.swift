import Streams
import StreamsTest
import Testing

@Suite struct SkipTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func skipsTheFirstCountElements() {
        let xs = scheduler.createHotObservable("z----^abcd|", values: ["z": 0, "a": 1, "b": 2, "c": 3, "d": 4])
        let res = scheduler.start { xs.skip(2) }
        assertMarbles(res, "     ^--cd|", values: ["c": 3, "d": 4])
        assertSubscriptions(xs, "     ^----!")
    }

    @Test func skipZeroForwardsEverythingAndSkipMoreThanAvailableForwardsOnlyCompletion() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let all = scheduler.createObserver(Int.self)
        let none = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = xs.skip(0).subscribe(all)
            _ = xs.skip(5).subscribe(none)
        }
        scheduler.start()
        #expect(all.events == [.next(210, 1), .next(220, 2), .completed(250)])
        #expect(none.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(200, 250)])
    }

    @Test func skipForwardsErrorsAndUnsubscribesOnDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, TestError(), Int.self)])
        let failed = scheduler.start { xs.skip(1) }
        #expect(failed.events == [.next(220, 2), .error(250, TestError())])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(310, 1), .next(320, 2), .next(340, 3), .completed(350)])
        let disposed = other.start(created: 300, subscribed: 300, disposed: 330) { ys.skip(1) }
        #expect(disposed.events == [.next(320, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(300, 330)])
    }

    @Test func skipWhileDropsUntilThePredicateFirstFailsThenForwardsEverything() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(250),
        ])
        let res = scheduler.start { xs.skip(while: { $0 < 3 }) }
        #expect(res.events == [.next(230, 5), .next(240, 1), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func skipWhilePredicateErrorEndsTheSequence() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .completed(250)])
        let res = scheduler.start {
            xs.skip(while: { value in
                if value == 2 { throw TestError() }
                return true
            })
        }
        #expect(res.events == [.error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func skipWhileForwardsErrorsAndUnsubscribesOnDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 5), .error(250, TestError(), Int.self)])
        let failed = scheduler.start { xs.skip(while: { $0 < 3 }) }
        #expect(failed.events == [.next(210, 5), .error(250, TestError())])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(310, 1), .next(320, 4), .next(340, 5), .completed(350)])
        let disposed = other.start(created: 300, subscribed: 300, disposed: 330) { ys.skip(while: { $0 < 3 }) }
        #expect(disposed.events == [.next(320, 4)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(300, 330)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.skip(1) } == 0)
        #expect(singleSourceLeftovers { $0.skip(while: { $0 < 2 }) } == 0)
    }
}
