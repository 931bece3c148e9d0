import Streams
import StreamsTest
import Testing

/// `Observable.using`: RxSwift's resource lifetime, on a test scheduler.
@Suite struct UsingTests {
    struct TestError: Error, Equatable {}

    @Test func theResourceLivesAsLongAsTheSubscription() {
        let log = TraitLog()
        let (events, subscriptions) = expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let res = scheduler.start {
                Observable.using({ LoggedResource(log, scheduler) }, observableFactory: { _ in xs.asObservable() })
            }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(subscriptions == [Subscription(200, 230)])
        #expect(log.items == ["resource created at 200", "resource disposed at 230"])
    }

    @Test func disposalDisposesTheSubscriptionThenTheResource() {
        let log = TraitLog()
        let events = expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            return scheduler.start(disposed: 250) {
                Observable.using({ LoggedResource(log, scheduler) }) { _ in
                    Observable<Int>.never().do(onDispose: { log.append("source disposed at \(scheduler.clock)") })
                }
            }.events
        }
        #expect(events == [])
        #expect(log.items == ["resource created at 200", "source disposed at 250", "resource disposed at 250"])
    }

    @Test func aThrowingFactoryFailsAtOnce() {
        let log = TraitLog()
        let (resourceFailed, factoryFailed) = expectNoLeaks {
            let resourceFailed = TestScheduler(initialClock: 0).start {
                Observable<Int>.using({ () throws -> LoggedResource in throw TestError() }) { _ in .just(1) }
            }
            let scheduler = TestScheduler(initialClock: 0)
            let factoryFailed = scheduler.start {
                Observable<Int>.using({ LoggedResource(log, scheduler) }) { _ in throw TestError() }
            }
            return (resourceFailed.events, factoryFailed.events)
        }
        #expect(resourceFailed == [.error(200, TestError())])
        #expect(factoryFailed == [.error(200, TestError())])
        #expect(log.items == ["resource created at 200", "resource disposed at 200"])
    }
}
