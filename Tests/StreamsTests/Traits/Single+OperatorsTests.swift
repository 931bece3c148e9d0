import Streams
import StreamsTest
import Testing

/// The single-only operators added with the RxSwift 6 trait API.
@Suite(.leakChecked) struct SingleOperatorsTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func filterMakesAMaybe() {
        let kept = TestScheduler(initialClock: 0).start { Single.just(7).filter { $0 > 5 } }
        let dropped = TestScheduler(initialClock: 0).start { Single.just(2).filter { $0 > 5 } }
        #expect(kept.events == [.next(200, 7), .completed(200)])
        #expect(dropped.events == [.completed(200)])
    }

    @Test func compactMapMakesAMaybe() {
        let xs = scheduler.createHotObservable([.next(210, "12"), .completed(210)])
        let kept = scheduler.start { xs.asSingle().compactMap { Int($0) } }
        let dropped = TestScheduler(initialClock: 0).start { Single.just("x").compactMap { Int($0) } }
        #expect(kept.events == [.next(210, 12), .completed(210)])
        #expect(dropped.events == [.completed(200)])
    }

    @Test func doRunsOnDisposeAfterTheSourcesDisposable() {
        let log = TraitLog()
        let events = scheduler.start {
            Single<Int>.create { observer in
                scheduler.scheduleAt(300) { observer(.success(5)) }
                return Disposables.create { log.append("source disposed") }
            }
            .do(
                onSuccess: { log.append("success \($0)") }, afterSuccess: { _ in log.append("after success") },
                onSubscribe: { log.append("subscribe") }, onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") })
        }.events
        #expect(events == [.next(300, 5), .completed(300)])
        #expect(
            log.items == ["subscribe", "subscribed", "success 5", "after success", "source disposed", "dispose"])
    }

    @Test func aSingleIsAMaybeAndACompletable() {
        let maybe = TestScheduler(initialClock: 0).start { Single.just(1).asMaybe() }
        let completable = TestScheduler(initialClock: 0).start { Single.just(1).asCompletable() }
        #expect(maybe.events == [.next(200, 1), .completed(200)])
        #expect(completable.events == [.completed(200)])
    }
}
