import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct TakeSkipForDurationTests {
    let scheduler = TestScheduler(initialClock: 0)

    private static func source(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(260),
        ])
    }

    @Test func takeForwardsUntilTheWindowEndsThenCompletesAndUnsubscribes() {
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test func takeOfZeroCompletesOneTickAfterSubscribing() {
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
        #expect(res.events == [.completed(201)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }

    @Test func takeAtATieLetsTheSourcesEarlierScheduledElementThrough() {
        // The hot source's element at 230 was scheduled before the window's timer (at 200).
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(230)])
    }

    @Test func takeForwardsAnEarlierEndAndCancelsItsTimer() {
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.take(for: .seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(210, 1), .error(215, TestError())])
        let failed = second.start { ys.take(for: .seconds(50), scheduler: second) }
        #expect(failed.events == [.next(210, 1), .error(215, TestError())])
        second.assertNoPendingWork()
    }

    @Test func takeTwiceEndsAtTheShorterWindow() {
        let xs = Self.source(scheduler)
        let res = scheduler.start {
            xs.take(for: .seconds(45), scheduler: scheduler).take(for: .seconds(25), scheduler: scheduler)
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
    }

    @Test func skipDropsUntilTheWindowEndsThenForwards() {
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(230, 3), .next(240, 4), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test func skipAtATieDropsTheSourcesEarlierScheduledElement() {
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.skip(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 4), .completed(260)])
    }

    @Test func skipOfZeroForwardsEverythingAfterTheFirstTick() {
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.skip(.seconds(0), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(260)])
    }

    @Test func skipForwardsTheEndInsideTheWindow() {
        let xs = Self.source(scheduler)
        let res = scheduler.start { xs.skip(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.completed(260)])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(210, 1), .error(215, TestError())])
        let failed = second.start { ys.skip(.seconds(50), scheduler: second) }
        #expect(failed.events == [.error(215, TestError())])
        #expect(ys.subscriptions == [Subscription(200, 215)])
    }

    @Test func disposalCancelsTheTimerAndReleasesEverything() {
        for takes in [true, false] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1)])
            let observer = scheduler.createObserver(Int.self)
            let windowed =
                takes
                ? xs.take(for: .seconds(50), scheduler: scheduler) : xs.skip(.seconds(50), scheduler: scheduler)
            scheduler.advanceTo(200)
            let subscription = windowed.subscribe(observer)
            scheduler.advanceTo(220)
            subscription.dispose()
            scheduler.advanceTo(240)
            #expect(observer.events == (takes ? [.next(210, 1)] : []))
            #expect(xs.subscriptions == [Subscription(200, 220)])
            scheduler.assertNoPendingWork()
        }
    }
}
