import Dispatch
import Streams
import StreamsTest
import Testing

@Suite struct RetryTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Moves the observer to the background queue that sends to it (it is used there only).
    struct ObserverHandOff: @unchecked Sendable {  // used by one background block at a time
        let observer: AnyObserver<Int>
    }

    @Test func completingSourceIsSubscribedOnce() {
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let res = scheduler.start { xs.retry() }
        #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        #expect(xs.subscriptions == [Subscription(200, 450)])
    }

    @Test func failingSourceIsResubscribedAtEachFailureUntilDisposed() {
        let xs = scheduler.createColdObservable([
            .next(100, 1), .next(150, 2), .next(200, 3), .error(250, TestError(), Int.self),
        ])
        let res = scheduler.start(disposed: 1100) { xs.retry() }
        #expect(
            res.events == [
                .next(300, 1), .next(350, 2), .next(400, 3), .next(550, 1), .next(600, 2), .next(650, 3),
                .next(800, 1), .next(850, 2), .next(900, 3), .next(1050, 1),
            ])
        #expect(
            xs.subscriptions == [
                Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100),
            ])
    }

    @Test func retryCountLimitsTheAttemptsAndForwardsTheLastError() {
        let xs = scheduler.createColdObservable([
            .next(5, 1), .next(10, 2), .next(15, 3), .error(20, TestError(), Int.self),
        ])
        let res = scheduler.start { xs.retry(3) }
        #expect(
            res.events == [
                .next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2), .next(235, 3),
                .next(245, 1), .next(250, 2), .next(255, 3), .error(260, TestError()),
            ])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    @Test func retryCountStopsOnCompletion() {
        let xs = scheduler.createColdObservable([.next(5, 1), .completed(20)])
        let res = scheduler.start { xs.retry(3) }
        #expect(res.events == [.next(205, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func retryCountDisposalUnsubscribesTheCurrentAttempt() {
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError(), Int.self)])
        let res = scheduler.start(disposed: 231) { xs.retry(3) }
        #expect(res.events == [.next(205, 1), .next(225, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 231)])
    }

    @Test func retryZeroCompletesWithoutSubscribing() {
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError(), Int.self)])
        let res = scheduler.start { xs.retry(0) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions == [])
    }

    @Test func retryOneIsASingleAttempt() {
        let xs = scheduler.createColdObservable([.next(5, 1), .error(20, TestError(), Int.self)])
        let res = scheduler.start { xs.retry(1) }
        #expect(res.events == [.next(205, 1), .error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func synchronousFailuresAreRetriedInALoopNotByRecursion() {
        let (last, completed) = lastOfSynchronousRetries(attempts: 100_000, failingWith: TestError()) { $0.retry() }
        #expect(last == 100_000)
        #expect(completed)
    }

    @Test func synchronousFailuresWithACountEndWithTheError() {
        let attempts = Locked<Int>(0)
        let source = Observable<Int>.create { observer in
            attempts.withLock { $0 += 1 }
            observer.onError(TestError())
            return Disposables.create()
        }
        let failed = Locked<Bool>(false)
        _ = source.retry(5).subscribe(onError: { _ in failed.withLock { $0 = true } })
        let attemptCount = attempts.withLock { $0 }
        let didFail = failed.withLock { $0 }
        #expect(attemptCount == 5)
        #expect(didFail)
    }

    @Test func failuresOnAnotherThreadAreRetriedInOrder() {
        let attempts = Locked<Int>(0)
        let source = Observable<Int>.create { observer in
            let handOff = ObserverHandOff(observer: observer)
            DispatchQueue.global().async {
                let attempt = attempts.withLock { count in
                    count += 1
                    return count
                }
                handOff.observer.onNext(attempt)
                handOff.observer.onError(TestError())
            }
            return Disposables.create()
        }
        let received = Locked<Int>(0)
        let outOfOrder = Locked<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        let subscription = source.retry(500).subscribe(
            onNext: { value in
                let previous = received.withLock { count in
                    defer { count += 1 }
                    return count
                }
                if value != previous + 1 { outOfOrder.withLock { $0 = true } }
            },
            onError: { _ in done.signal() })
        let finished = done.wait(timeout: .now() + 30) == .success
        subscription.dispose()
        let count = received.withLock { $0 }
        let disordered = outOfOrder.withLock { $0 }
        #expect(finished)
        #expect(count == 500)
        #expect(!disordered)
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.retry(2) } == 0)
        #expect(singleSourceLeftovers { $0.retry(0) } == 0)
        #expect(singleSourceLeftovers { $0.retry().take(4) } == 0)
    }
}
