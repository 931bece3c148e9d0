import Foundation
import Streams
import StreamsTest
import Testing

/// Delivers on `scheduler` through the generic `observe(on:)`, as code that takes its scheduler as
/// a parameter (`scheduler: some ImmediateSchedulerType = MainScheduler.instance`) does.
private func delivered<Element>(
    _ source: Observable<Element>, on scheduler: some ImmediateSchedulerType
) -> Observable<Element> {
    source.observe(on: scheduler)
}

/// Inside `SharingScheduler.mock(scheduler:)`, `MainScheduler.instance` and `asyncInstance` stand
/// for the mocked scheduler: the time operators of UI code wait in the test's virtual time.
@Suite struct MainSchedulerUnderMockTests {
    @Test func debounceOnTheMainSchedulerWaitsInTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .next(700, 3), .completed(900)])
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { xs.debounce(.milliseconds(300), scheduler: MainScheduler.instance) }
        }
        #expect(res.events == [.next(600, 2), .next(900, 3), .completed(900)])
    }

    @Test func throttleOnTheMainSchedulerMeasuresTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .next(400, 3), .completed(1000)])
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { xs.throttle(.milliseconds(300), scheduler: MainScheduler.instance) }
        }
        #expect(res.events == [.next(210, 1), .next(510, 3), .completed(1000)])
    }

    @Test func delayOnTheMainSchedulerWaitsInTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .completed(500)])
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { xs.delay(.milliseconds(100), scheduler: MainScheduler.asyncInstance) }
        }
        #expect(res.events == [.next(310, 1), .next(400, 2), .completed(600)])
    }

    @Test func intervalOnTheMainSchedulerTicksInTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { Observable<Int>.interval(.milliseconds(100), scheduler: MainScheduler.instance).take(3) }
        }
        #expect(res.events == [.next(300, 0), .next(400, 1), .next(500, 2), .completed(500)])
    }

    @Test func timeoutOnTheMainSchedulerFiresInTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(350, 2)])
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { xs.timeout(.milliseconds(100), scheduler: MainScheduler.instance) }
        }
        #expect(res.events == [.next(210, 1), .error(310, StreamsError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 310)])
    }

    /// `observe(on:)` given the main scheduler as an ordinary scheduler (a parameter of type
    /// `some ImmediateSchedulerType`): one processing tick per hop, as with the test scheduler.
    @Test func observeOnTheMainSchedulerHopsInTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { delivered(xs.asObservable(), on: MainScheduler.instance) }
        }
        #expect(res.events == [.next(211, 1), .next(221, 2), .completed(231)])
    }

    @Test func subscribeOnTheMainSchedulerSubscribesInTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { xs.subscribe(on: MainScheduler.asyncInstance) }
        }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(201, 231)])
    }

    /// Direct calls made inside the mock go to the mocked scheduler, and the main scheduler's
    /// clock is its clock; both instances are one stand-in each for the whole mock.
    @Test func directCallsInsideTheMockRunOnTheMockedScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let ran = Recorder<String>()
        SharingScheduler.mock(scheduler: scheduler) {
            let main = MainScheduler.instance
            #expect(main === MainScheduler.instance)
            #expect(MainScheduler.asyncInstance === MainScheduler.asyncInstance)
            #expect(main !== MainScheduler.asyncInstance)
            #expect(main.now == scheduler.now)
            _ = main.schedule(()) { _ in
                ran.append("instance at \(scheduler.clock)")
                return Disposables.create()
            }
            _ = MainScheduler.asyncInstance.scheduleRelative((), dueTime: .seconds(10)) { _ in
                ran.append("asyncInstance at \(scheduler.clock)")
                return Disposables.create()
            }
        }
        scheduler.advanceTo(20)
        #expect(ran.values == ["instance at 1", "asyncInstance at 10"])
    }

    /// A chain built inside the mock keeps the mocked scheduler after the mock ended and whatever
    /// thread feeds it: the operator stored its scheduler when the chain was built.
    @Test func aChainBuiltInsideTheMockStaysVirtualAfterIt() async {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let input = PublishRelay<Int>()
        let delayed = SharingScheduler.mock(scheduler: scheduler) {
            input.asObservable().delay(.milliseconds(50), scheduler: MainScheduler.instance)
        }
        let observer = scheduler.createObserver(Int.self)
        let subscription = delayed.subscribe(observer)
        scheduler.advanceTo(100)
        await Task.detached { input.accept(1) }.value  // fed from another thread, outside the mock
        scheduler.advanceTo(200)
        #expect(observer.events == [.next(150, 1)])
        subscription.dispose()
    }

    /// Mocks are task-local: tests running in parallel, each with its own mock, each see their own
    /// scheduler behind `MainScheduler.instance`, and code outside every mock sees the real one.
    @Test func mocksInParallelDoNotSeeEachOther() async {
        let unmocked = MainScheduler.instance
        let runs = await withTaskGroup(of: (Int, [Recorded<Event<Int>>], Bool).self) { group in
            for period in 1...4 {
                group.addTask {
                    let scheduler = TestScheduler(initialClock: 0)
                    return SharingScheduler.mock(scheduler: scheduler) {
                        let main = MainScheduler.instance
                        let events = scheduler.start {
                            Observable<Int>.interval(.seconds(10 * period), scheduler: main).take(2)
                        }.events
                        return (period, events, main !== unmocked && main.now == scheduler.now)
                    }
                }
                group.addTask { (-period, [], MainScheduler.instance === unmocked) }
            }
            var runs: [Int: ([Recorded<Event<Int>>], Bool)] = [:]
            for await (period, events, isOwn) in group { runs[period] = (events, isOwn) }
            return runs
        }
        for period in 1...4 {
            let expected: [Recorded<Event<Int>>] = [
                .next(200 + 10 * period, 0), .next(200 + 20 * period, 1), .completed(200 + 20 * period),
            ]
            #expect(runs[period]?.0 == expected)
            #expect(runs[period]?.1 == true)
            #expect(runs[-period]?.1 == true)
        }
    }

    /// Outside a mock nothing changed: one object each, the wall clock, the main queue. A chain
    /// built outside a mock keeps the real main scheduler even when subscribed inside one.
    @MainActor @Test func outsideAMockTheMainSchedulerIsUnchanged() {
        let main = MainScheduler.instance
        #expect(main === MainScheduler.instance)
        #expect(MainScheduler.asyncInstance === MainScheduler.asyncInstance)
        #expect(main !== MainScheduler.asyncInstance)
        #expect(SharingScheduler.make() as AnyObject === main)
        let before = Date()
        #expect(main.now >= before)
        let scheduler = TestScheduler(initialClock: 0)
        let built = Observable.just(1).delay(.seconds(3600), scheduler: MainScheduler.instance)
        let ran = Recorder<Int>()
        let subscription = SharingScheduler.mock(scheduler: scheduler) {
            #expect(MainScheduler.instance !== main)
            return built.subscribe(onNext: { ran.append($0) })
        }
        scheduler.advanceTo(10_000)
        #expect(ran.values == [])
        #expect(scheduler.pendingWork == [])
        subscription.dispose()
        #expect(MainScheduler.instance === main)
    }
}
