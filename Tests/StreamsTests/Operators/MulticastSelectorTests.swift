import Streams
import StreamsTest
import Testing

@Suite struct MulticastSelectorTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func theSelectorSharesOneSourceSubscriptionPerResultSubscription() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
        ])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }) { shared in
                Observable.zip(shared, shared.skip(1)) { $0 * 10 + $1 }
            }
        }
        #expect(res.events == [.next(220, 12), .next(230, 23), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func eachSubscriptionMakesItsOwnSubject() {
        let made = Counter()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let makeSubject = { @Sendable () -> ReplaySubject<Int> in
            made.increment()
            return ReplaySubject.create(bufferSize: 1)
        }
        let shared = xs.asObservable().multicast(makeSubject) { $0.map { $0 * 100 } }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(205) { _ = shared.subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(210, 100), .next(220, 200), .completed(230)])
        #expect(second.events == [.next(215, 100), .next(225, 200), .completed(235)])
        #expect(made.value == 2)
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(205, 235)])
    }

    @Test func theSelectorsObserversAreInPlaceBeforeTheSourceEmits() {
        let results = Recorder<Int>()
        _ = Observable.of(1, 2, 3).multicast({ PublishSubject<Int>() }) { $0.filter { $0 != 2 } }
            .subscribe(onNext: { results.append($0) })
        #expect(results.values == [1, 3])
    }

    @Test func throwingFactoriesFailAtSubscription() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(240)])
        let subjectFails = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw TestError() }) { $0 }
        }
        #expect(subjectFails.events == [.error(200, TestError())])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(210, 1), .completed(240)])
        let selectorFails = second.start {
            ys.multicast({ PublishSubject<Int>() }) { _ -> Observable<Int> in throw TestError() }
        }
        #expect(selectorFails.events == [.error(200, TestError())])
        #expect(xs.subscriptions == [])
        #expect(ys.subscriptions == [])
    }

    @Test func disposalDisconnects() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let res = scheduler.start(disposed: 250) { xs.multicast({ PublishSubject<Int>() }) { $0 } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func aResultThatEndsWhileSubscribingStillDisconnects() {
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start { xs.multicast({ PublishSubject<Int>() }) { _ in Observable.just(9) } }
        #expect(res.events == [.next(200, 9), .completed(200)])
        #expect(xs.subscriptions == [Subscription(200, 200)])
    }
}
