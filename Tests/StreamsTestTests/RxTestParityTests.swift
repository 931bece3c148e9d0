import Streams
import StreamsTest
import Testing

// Where StreamsTest's test observables differ from RxTest's, recorded as known issues so that a
// port of an RxSwift test that depends on it is not a surprise (and so that fixing it shows up).

@Suite struct RxTestParityTests {
    /// RxTest's hot and cold observables record a subscription's end only when it is disposed;
    /// StreamsTest's also end it when they send it the terminal event. A subscription that is
    /// never disposed stays open in RxTest (`Subscription(200)`).
    @Test func aSubscriptionEndsOnlyWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = xs.subscribe(observer) }
        scheduler.start()
        withKnownIssue("TestableObservable ends a subscription at its terminal event; RxTest at disposal") {
            #expect(xs.subscriptions == [Subscription(200)])
        }
    }

    /// RxSwift's `testSubscribeOn_SchedulerCompleted`: `subscribe(on:)` disposes the source one
    /// hop after the completion, and RxTest records `Subscription(201, 301)`; StreamsTest records
    /// the completion's tick, 300.
    @Test func subscribeOnCompletedAsInRxSwift() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.completed(300)])
        withKnownIssue("TestableObservable ends a subscription at its terminal event; RxTest at disposal") {
            #expect(xs.subscriptions == [Subscription(201, 301)])
        }
    }
}
