import Streams
import StreamsMVC
import StreamsTest
import Testing

@Suite struct DriverTests {
    @Test func replacesAnErrorWithAValueAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, MVCTestError())])
        let res = scheduler.start {
            source.asObservable().asDriver(onErrorJustReturn: -1, scheduler: scheduler).asObservable()
        }
        #expect(res.events == [.next(210, 1), .next(220, -1), .completed(220)])
    }

    @Test func recoversFromAnErrorWithAnotherDriver() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, MVCTestError())])
        let res = scheduler.start {
            source.asObservable()
                .asDriver(onErrorRecover: { _ in Driver.just(0, scheduler: scheduler) }, scheduler: scheduler)
                .asObservable()
        }
        #expect(res.events == [.next(210, 1), .next(220, 0), .completed(220)])
    }

    @Test func sharesOneSubscriptionAndReplaysTheLatestElement() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let driver = source.asObservable().asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) { subscriptions.append(driver.drive(first)) }
        scheduler.scheduleAt(230) { subscriptions.append(driver.drive(late)) }
        scheduler.scheduleAt(300) { for subscription in subscriptions { subscription.dispose() } }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(240, 3)])
        #expect(late.events == [.next(230, 2), .next(240, 3)])
        #expect(source.subscriptions == [Subscription(200, 300)])
    }

    // MARK: RxCocoa's habits: asDriver() without a fallback, drive(relay), drive(observer)

    @MainActor @Test func behaviorRelayAsDriverDeliversItsValueThenItsChanges() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let relay = BehaviorRelay(value: 1)
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.scheduleAt(210) { relay.accept(2) }
            scheduler.scheduleAt(220) { relay.accept(3) }
            return scheduler.start { relay.asDriver().asObservable() }
        }
        #expect(res.events == [.next(200, 1), .next(210, 2), .next(220, 3)])
    }

    @Test func infallibleAsDriverDeliversOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start {
            source.asInfallible(onErrorJustReturn: 0).asDriver(scheduler: scheduler).asObservable()
        }
        #expect(res.events == [.next(210, 1), .completed(220)])
    }

    @Test func aSingleBecomesADriverWithAFallback() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = scheduler.createHotObservable([.error(210, MVCTestError())] as [Recorded<Event<Int>>])
        let res = scheduler.start {
            source.asSingle().asDriver(onErrorJustReturn: -1, scheduler: scheduler).asObservable()
        }
        #expect(res.events == [.next(210, -1), .completed(210)])
    }

    @Test func drivesRelaysWithItsElementsButNotItsCompletion() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let driver = source.asObservable().asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let behavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.createUnbound()
        let optionalReplay = ReplayRelay<Int?>.createUnbound()
        let behaviorValues = scheduler.createObserver(Int.self)
        let optionalBehaviorValues = scheduler.createObserver(Int?.self)
        let replayValues = scheduler.createObserver(Int.self)
        let optionalReplayValues = scheduler.createObserver(Int?.self)
        var subscriptions: [any Disposable] = [
            behavior.subscribe(behaviorValues), optionalBehavior.subscribe(optionalBehaviorValues),
            replay.subscribe(replayValues), optionalReplay.subscribe(optionalReplayValues),
        ]
        scheduler.scheduleAt(200) {
            subscriptions.append(driver.drive(behavior, behavior))
            subscriptions.append(driver.drive(optionalBehavior))
            subscriptions.append(driver.drive(replay))
            subscriptions.append(driver.drive(optionalReplay))
        }
        scheduler.scheduleAt(300) { for subscription in subscriptions { subscription.dispose() } }
        scheduler.start()
        #expect(behaviorValues.events == [.next(0, 0), .next(210, 1), .next(210, 1), .next(220, 2), .next(220, 2)])
        #expect(optionalBehaviorValues.events == [.next(0, nil), .next(210, 1), .next(220, 2)])
        #expect(replayValues.events == [.next(210, 1), .next(220, 2)])
        #expect(optionalReplayValues.events == [.next(210, 1), .next(220, 2)])
        #expect(behavior.value == 2 && optionalBehavior.value == 2)
        #expect(source.subscriptions == [Subscription(200, 230)])
    }

    @Test func drivesObserversOfItsElementsAndOfOptionals() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let driver = source.asObservable().asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions.append(driver.drive(first, second))
            subscriptions.append(driver.drive(optional))
        }
        scheduler.scheduleAt(300) { for subscription in subscriptions { subscription.dispose() } }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(second.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(optional.events == [.next(210, 1), .next(220, 2), .completed(230)])
    }
}
