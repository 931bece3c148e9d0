import Streams
import StreamsTest
import Testing

// How ported RxSwift/RxTest scenarios record subscription ticks here. Where they differ, the test
// asserts Streams' ticks and its comment gives RxTest's, so that a change shows up.

@Suite struct RxTestParityTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// As in RxTest, hot and cold observables record a subscription's end only when it is
    /// disposed: one that is never disposed stays open (`Subscription(200)`) after the terminal
    /// event.
    @Test func aSubscriptionEndsOnlyWhenDisposed() {
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = xs.subscribe(observer) }
        scheduler.start()
        #expect(xs.subscriptions == [Subscription(200)])
    }

    /// RxSwift's `testSubscribeOn_SchedulerCompleted` expects `Subscription(201, 301)`: its
    /// `subscribe(on:)` subscribes the test observable itself (a generic source), so nothing
    /// releases it before the disposal hop. Streams' `subscribe(on:)` does the same.
    @Test func subscribeOnCompletedAsInRxSwift() {
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }
}
