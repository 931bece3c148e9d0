import Streams
import StreamsTest
import Testing

@Suite struct RetryWhenTests {
    let scheduler = TestScheduler(initialClock: 0)

    struct RetryError: Error, Equatable {}
    struct HandlerError: Error, Equatable {}
    struct OtherError: Error, Equatable {}

    @Test func sourceCompletingEndsTheSequenceWhateverTheNotifierDoes() {
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
        let notifier = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let res = scheduler.start(disposed: 300) { xs.retry { (_: Observable<RetryError>) in notifier } }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(notifier.subscriptions == [Subscription(200, 210)])
    }

    @Test func silentNotifierLeavesAFailureWaitingUntilDisposal() {
        let xs = scheduler.createColdObservable([
            .next(10, 1), .next(20, 2), .error(30, RetryError(), Int.self), .completed(40),
        ])
        let never = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.retry { (_: Observable<RetryError>) in never } }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(never.subscriptions == [Subscription(200, 1000)])
    }

    @Test func notifierCompletingBeforeTheFailureCompletesAtTheFailure() {
        let xs = scheduler.createColdObservable([
            .next(10, 1), .next(20, 2), .error(30, RetryError(), Int.self), .completed(40),
        ])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(230)])
        let res = scheduler.start { xs.retry { (_: Observable<RetryError>) in empty } }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func notifierElementResubscribesAndItsErrorFails() {
        let xs = scheduler.createColdObservable([
            .next(10, 1), .next(20, 2), .error(30, RetryError(), Int.self), .completed(40),
        ])
        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<RetryError>) in
                errors.scan(0) { count, _ in
                    if count + 1 == 2 { throw HandlerError() }
                    return count + 1
                }
            }
        }
        #expect(
            res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, HandlerError())])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
    }

    @Test func notifierCompletionAfterAFailureCompletes() {
        let xs = scheduler.createColdObservable("-ab#|", values: ["a": 1, "b": 2], error: RetryError())
        let res = scheduler.start(disposed: 300) {
            xs.retry { (errors: Observable<RetryError>) in
                errors.scan(0) { count, _ in count + 1 }.take(while: { $0 < 2 })
            }
        }
        assertMarbles(res, "-ab-ab|", values: ["a": 1, "b": 2])
        assertSubscriptions(xs, "^--!", "---^--!")
    }

    @Test func failureOfAnotherTypeIsForwardedAtOnce() {
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, RetryError(), Int.self)])
        let res = scheduler.start(disposed: 800) { xs.retry { (errors: Observable<OtherError>) in errors } }
        #expect(res.events == [.next(205, 1), .error(210, RetryError())])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    /// The notifier's completion right after its last element is not seen until the next failure:
    /// resubscribing drops the listener, as in RxSwift.
    @Test func untypedHandlerSeesEveryFailure() {
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, RetryError(), Int.self)])
        let res = scheduler.start(disposed: 800) {
            xs.retry { (errors: Observable<any Error>) in errors.take(2) }
        }
        #expect(res.events == [.next(205, 1), .next(215, 1), .next(225, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    @Test func disposalUnsubscribesTheSourceAndTheNotifier() {
        let xs = scheduler.createColdObservable([.next(5, 1), .next(50, 2), .error(60, RetryError(), Int.self)])
        let notifier = scheduler.createHotObservable([.next(400, 0)])
        let res = scheduler.start(disposed: 230) { xs.retry { (_: Observable<RetryError>) in notifier } }
        #expect(res.events == [.next(205, 1)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(notifier.subscriptions == [Subscription(200, 230)])
    }

    @Test func synchronousFailuresRetriedBySynchronousTriggersDoNotRecurse() {
        let (last, completed) = lastOfSynchronousRetries(attempts: 20_000, failingWith: RetryError()) {
            $0.retry { (errors: Observable<RetryError>) in errors }
        }
        #expect(last == 20_000)
        #expect(completed)
    }

    @Test func unannotatedHandlerUsesTheUntypedOverload() {
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, RetryError(), Int.self)])
        let res = scheduler.start { xs.retry(when: { errors in errors.take(1) }) }
        #expect(res.events == [.next(205, 1), .next(215, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.retry { (errors: Observable<any Error>) in errors.take(1) } } == 0)
        #expect(singleSourceLeftovers { $0.retry { (_: Observable<any Error>) in Observable<Int>.never() } } == 0)
        #expect(singleSourceLeftovers { $0.retry { (_: Observable<any Error>) in Observable<Int>.empty() } } == 0)
        #expect(
            singleSourceLeftovers {
                $0.retry { (errors: Observable<any Error>) in errors.map { _ in throw HandlerError() } }
            }
                == 0)
    }
}
