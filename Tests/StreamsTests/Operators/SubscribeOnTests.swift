import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct SubscribeOnTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func theSourceIsDisposedOnTheSchedulerOneHopAfterItCompletes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300, Int.self)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func theSourceIsDisposedOnTheSchedulerOneHopAfterItFails() {
        let xs = scheduler.createHotObservable([.error(300, TestError(), Int.self)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.error(300, TestError())])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func subscriptionAndDisposalBothHopOntoTheScheduler() {
        let times = Log()
        let xs = Observable<Int>.create { _ in
            times.append("subscribed @\(scheduler.clock)")
            return Disposables.create { times.append("disposed @\(scheduler.clock)") }
        }
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [])
        #expect(times.items == ["subscribed @201", "disposed @1001"])
    }

    @Test func subscribesAndDisposesInAHop() {
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(201, 1001)])
    }

    @Test func disposalBeforeTheHopNeverSubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [])
    }

    @Test func releasesEverything() {
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        _ = scheduler.start { xs.subscribe(on: scheduler) }
        _ = scheduler.start(created: 100, subscribed: 200, disposed: 250) { xs.subscribe(on: scheduler) }
        _ = scheduler.start { Observable.of(1, 2).subscribe(on: scheduler) }
    }
}
