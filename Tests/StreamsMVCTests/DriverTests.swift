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
}
