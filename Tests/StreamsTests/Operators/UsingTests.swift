import Streams
import StreamsTest
import Testing

@Suite struct UsingTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A resource that logs when it is disposed, with the virtual time.
    final class Resource: Disposable, @unchecked Sendable {  // touched on the test scheduler's thread only
        let id: Int
        let log: Log
        let clock: @Sendable () -> Int

        init(id: Int, log: Log, clock: @escaping @Sendable () -> Int) {
            self.id = id
            self.log = log
            self.clock = clock
        }

        func dispose() { log.append("resource \(id) disposed @\(clock())") }
    }

    /// A source that logs its subscription's disposal.
    private static func source(_ log: Log, _ events: [Event<Int>]) -> Observable<Int> {
        Observable.create { observer in
            for event in events { observer.on(event) }
            return Disposables.create { log.append("source disposed") }
        }
    }

    @Test func eachSubscriptionGetsItsOwnResourceDisposedAfterTheTerminalEvent() {
        let log = Log()
        let made = Counter()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(50)])
        let res = scheduler.start {
            Observable.using({ Resource(id: made.increment(), log: log, clock: { scheduler.clock }) }) { resource in
                log.append("factory got resource \(resource.id) @\(scheduler.clock)")
                return xs.asObservable().map { $0 * 10 + resource.id }
            }
        }
        #expect(res.events == [.next(210, 11), .next(220, 21), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(log.items == ["factory got resource 1 @200", "resource 1 disposed @250"])
    }

    @Test func theResourceIsDisposedAfterTheObserverSawTheEventAndAfterTheInnerSubscription() {
        let log = Log()
        let subscription = Observable.using({ Resource(id: 1, log: log, clock: { 0 }) }) { _ in
            Self.source(log, [.next(1), .completed])
        }
        .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        subscription.dispose()
        #expect(log.items == ["next 1", "completed", "source disposed", "resource 1 disposed @0"])
    }

    @Test func disposalDisposesTheInnerSubscriptionThenTheResource() {
        let log = Log()
        let res = scheduler.start(disposed: 300) {
            Observable.using({ Resource(id: 1, log: log, clock: { scheduler.clock }) }) { _ in
                Self.source(log, [.next(5)])
            }
        }
        #expect(res.events == [.next(200, 5)])
        #expect(log.items == ["source disposed", "resource 1 disposed @300"])
    }

    @Test func aThrowingResourceFactoryFailsAtSubscription() {
        let log = Log()
        let res = scheduler.start {
            Observable<Int>.using({ () throws -> Resource in throw TestError() }) { _ in
                log.append("factory called")
                return .just(1)
            }
        }
        #expect(res.events == [.error(200, TestError())])
        #expect(log.items == [])
    }

    @Test func aThrowingObservableFactoryFailsAndStillDisposesTheResource() {
        let log = Log()
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) {
            _ = Observable<Int>.using({ Resource(id: 1, log: log, clock: { scheduler.clock }) }) { _ in
                throw TestError(code: 2)
            }
            .subscribe(onError: { error in
                log.append("error \(error)")
                observer.on(.error(error))
            })
        }
        scheduler.start()
        #expect(observer.events == [.error(200, TestError(code: 2))])
        #expect(log.items == ["error TestError(code: 2)", "resource 1 disposed @200"])
    }
}
