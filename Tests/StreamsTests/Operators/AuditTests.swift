import Streams
import StreamsTest
import Testing

/// `audit` in virtual time: RxJS's `auditTime` (the first element after a quiet period starts the
/// timer, later ones replace the held one, the timer emits it; completion waits for a held element).
@Suite struct AuditTests {
    struct TestError: Error, Equatable {}

    @Test func emitsTheLatestElementOfEachBurstWhenItsTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(225, 3), .next(300, 4), .next(340, 5), .next(345, 6),
            .completed(500),
        ])
        let res = scheduler.start { xs.audit(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 3), .next(330, 4), .next(370, 6), .completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }

    /// Unlike `debounce`, a steady stream is not starved: later elements do not restart the timer.
    @Test func laterElementsDoNotRestartTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable((1...9).map { Recorded.next(200 + 10 * $0, $0) })
        let res = scheduler.start { xs.audit(.seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(235, 3), .next(265, 6), .next(295, 9)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func completionWithAHeldElementWaitsForTheTimerToEmitIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-ab|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.audit(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----(b|)", values: ["b": 2])
        assertSubscriptions(xs, "^--!")
    }

    /// The source's completion runs first at 240 (it was scheduled first), then the timer: the
    /// outcome is the same as either order.
    @Test func completionAtTheTimersTickEmitsTheHeldElementThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a--|", values: ["a": 1])
        let res = scheduler.start { xs.audit(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----(a|)", values: ["a": 1])
        assertSubscriptions(xs, "^---!")
    }

    @Test func completionWithNothingHeldCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.audit(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])

        let empty = TestScheduler(initialClock: 0)
        let ys = empty.createHotObservable([.next(150, 1), .completed(250, Int.self)])
        let emptyRes = empty.start { ys.audit(.seconds(30), scheduler: empty) }
        #expect(emptyRes.events == [.completed(250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorDropsTheHeldElementAndIsForwardedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-ab#", values: ["a": 1, "b": 2], error: TestError())
        let res = scheduler.start { xs.audit(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "---#", values: [:], error: TestError())
        assertSubscriptions(xs, "^--!")
    }

    @Test func errorWithNothingHeldIsForwardedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(260, TestError())])
        let res = scheduler.start { xs.audit(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 1), .error(260, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    /// Disposed at 230 with b held and the timer due at 240: nothing is emitted, and nothing is
    /// left scheduled (the timer was cancelled).
    @Test func disposalMidTimerCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let observer = scheduler.createObserver(Int.self)
        let subscription = SerialDisposable()
        scheduler.scheduleAt(200) {
            subscription.disposable = xs.audit(.seconds(30), scheduler: scheduler).subscribe(observer)
        }
        scheduler.scheduleAt(230) { subscription.dispose() }
        scheduler.advanceTo(230)
        scheduler.assertNoPendingWork()
        scheduler.start()
        #expect(observer.events == [])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func disposalOfAColdSourceMidTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable("-a-b---c", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start(disposed: 280) { xs.audit(.seconds(30), scheduler: scheduler) }
        assertMarbles(res, "----b", values: ["b": 2])
        assertSubscriptions(xs, "^-------!")
    }

    /// x, sent into the source while a is delivered, comes after a's timer fired: it opens the
    /// next window (RxJS clears its duration before emitting, too).
    @Test func anElementSentWhileTheHeldOneIsDeliveredOpensTheNextWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = PublishSubject<String>()
        let observer = scheduler.createObserver(String.self)
        let subscription = SerialDisposable()
        scheduler.scheduleAt(200) {
            subscription.disposable = source.audit(.seconds(30), scheduler: scheduler).subscribe { event in
                observer.on(event)
                if case .next("a") = event { source.onNext("x") }
            }
        }
        scheduler.scheduleAt(210) { source.onNext("a") }
        scheduler.scheduleAt(400) { subscription.dispose() }
        scheduler.start()
        #expect(observer.events == [.next(240, "a"), .next(270, "x")])
    }

    /// The source completed while b was held: the timer emits b and decides completion; disposing
    /// from inside b's delivery drops the completion that waited behind it.
    @Test func disposalWhileTheHeldElementIsDeliveredDropsTheWaitingCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-ab|", values: ["a": 1, "b": 2])
        let observer = scheduler.createObserver(Int.self)
        let subscription = SerialDisposable()
        scheduler.scheduleAt(200) {
            subscription.disposable = xs.audit(.seconds(30), scheduler: scheduler).subscribe { event in
                observer.on(event)
                subscription.dispose()
            }
        }
        scheduler.start()
        #expect(observer.events == [.next(240, 2)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func releasesEverythingAfterTerminationAndDisposal() {
        let (scope, _) = LiveResources.withScope {
            let completing = TestScheduler(initialClock: 0)
            let xs = completing.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            _ = completing.start { xs.audit(.seconds(20), scheduler: completing) }
            let disposing = TestScheduler(initialClock: 0)
            let ys = disposing.createHotObservable([.next(210, 1), .next(220, 2)])
            _ = disposing.start(disposed: 225) { ys.audit(.seconds(20), scheduler: disposing) }
            let failing = TestScheduler(initialClock: 0)
            let zs = failing.createHotObservable([.next(210, 1), .error(220, TestError())])
            _ = failing.start { zs.audit(.seconds(20), scheduler: failing) }
        }
        #expect(scope.total == 0)
    }
}
