import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct CompletableTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func createCompletesOrFailsOnce() {
        func run(_ event: CompletableEvent) -> [Recorded<Event<Never>>] {
            let scheduler = TestScheduler(initialClock: 0)
            return scheduler.start {
                Completable.create { completable in
                    scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
                        completable(event)
                        completable(.error(TraitTestError(code: 9)))
                        return Disposables.create()
                    }
                }.asObservable()
            }.events
        }
        #expect(run(.completed) == [.completed(210)])
        #expect(run(.error(TraitTestError())) == [.error(210, TraitTestError())])
    }

    @Test func subscribeWithClosures() {
        let log = TraitLog()
        _ = Completable.empty().subscribe(
            onCompleted: { log.append("completed") }, onError: { _ in log.append("error") },
            onDisposed: { log.append("disposed") })
        _ = Completable.error(TraitTestError()).subscribe(
            onCompleted: { log.append("completed") }, onError: { _ in log.append("error") },
            onDisposed: { log.append("disposed") })
        _ = Completable.empty().subscribe { event in log.append("\(event)") }
        #expect(log.items == ["completed", "disposed", "error", "disposed", "completed"])
    }

    @Test func andThenSubscribesTheSecondWhenTheFirstCompletes() {
        let xs: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asCompletable().andThen(ys.asSingle()).asObservable() }
        #expect(res.events == [.next(220, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 220)])
    }

    @Test func andThenStopsAtTheFirstError() {
        let xs: TestableObservable<Never> = scheduler.createColdObservable([.error(10, TraitTestError())])
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asCompletable().andThen(ys.asObservable()) }
        #expect(res.events == [.error(210, TraitTestError())])
        #expect(ys.subscriptions == [])
    }

    @Test func andThenDisposalDisposesTheSecond() {
        let xs: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
        let ys = scheduler.createColdObservable([.next(5, 1), .next(50, 2), .completed(60)])
        let res = scheduler.start(disposed: 230) { xs.asCompletable().andThen(ys.asObservable()) }
        #expect(res.events == [.next(215, 1)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func andThenChainsMaybesAndCompletables() {
        let log = TraitLog()
        _ = Completable.empty().andThen(Completable.empty()).andThen(Maybe.just(4))
            .subscribe(onSuccess: { log.append("success \($0)") })
        #expect(log.items == ["success 4"])
    }

    @Test func catchAndDo() {
        let log = TraitLog()
        _ = Completable.error(TraitTestError())
            .do(onError: { _ in log.append("do error") }, onDispose: { log.append("do dispose") })
            .catch { _ in
                log.append("catch")
                return .empty()
            }
            .subscribe(onCompleted: { log.append("completed") })
        #expect(log.items == ["do error", "catch", "completed", "do dispose"])
    }
}
