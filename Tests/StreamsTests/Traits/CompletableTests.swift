import Dispatch
import Streams
import StreamsTest
import Testing

@Suite struct CompletableTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func createCompletesOrFailsOnce() {
        let (completed, failed) = expectNoLeaks {
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
            return (run(.completed), run(.error(TraitTestError())))
        }
        #expect(completed == [.completed(210)])
        #expect(failed == [.error(210, TraitTestError())])
    }

    @Test func subscribeWithClosures() {
        let log = TraitLog()
        expectNoLeaks {
            _ = Completable.empty().subscribe(
                onCompleted: { log.append("completed") }, onError: { _ in log.append("error") },
                onDisposed: { log.append("disposed") })
            _ = Completable.error(TraitTestError()).subscribe(
                onCompleted: { log.append("completed") }, onError: { _ in log.append("error") },
                onDisposed: { log.append("disposed") })
            _ = Completable.empty().subscribe { event in log.append("\(event)") }
        }
        #expect(log.items == ["completed", "disposed", "error", "disposed", "completed"])
    }

    @Test func andThenSubscribesTheSecondWhenTheFirstCompletes() {
        let (events, xsSubscriptions, ysSubscriptions) = expectNoLeaks {
            let xs: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
            let ys = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let res = scheduler.start { xs.asCompletable().andThen(ys.asSingle()).asObservable() }
            return (res.events, xs.subscriptions, ys.subscriptions)
        }
        #expect(events == [.next(220, 1), .completed(220)])
        #expect(xsSubscriptions == [Subscription(200, 210)])
        #expect(ysSubscriptions == [Subscription(210, 220)])
    }

    @Test func andThenStopsAtTheFirstError() {
        let (events, ysSubscriptions) = expectNoLeaks {
            let xs: TestableObservable<Never> = scheduler.createColdObservable([.error(10, TraitTestError())])
            let ys = scheduler.createColdObservable([.next(10, 1), .completed(10)])
            let res = scheduler.start { xs.asCompletable().andThen(ys.asObservable()) }
            return (res.events, ys.subscriptions)
        }
        #expect(events == [.error(210, TraitTestError())])
        #expect(ysSubscriptions == [])
    }

    @Test func andThenDisposalDisposesTheSecond() {
        let (events, ysSubscriptions) = expectNoLeaks {
            let xs: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
            let ys = scheduler.createColdObservable([.next(5, 1), .next(50, 2), .completed(60)])
            let res = scheduler.start(disposed: 230) { xs.asCompletable().andThen(ys.asObservable()) }
            return (res.events, ys.subscriptions)
        }
        #expect(events == [.next(215, 1)])
        #expect(ysSubscriptions == [Subscription(210, 230)])
    }

    @Test func andThenChainsMaybesAndCompletables() {
        let log = TraitLog()
        expectNoLeaks {
            _ = Completable.empty().andThen(Completable.empty()).andThen(Maybe.just(4))
                .subscribe(onSuccess: { log.append("success \($0)") })
        }
        #expect(log.items == ["success 4"])
    }

    @Test func catchAndDo() {
        let log = TraitLog()
        expectNoLeaks {
            _ = Completable.error(TraitTestError())
                .do(onError: { _ in log.append("do error") }, onDispose: { log.append("do dispose") })
                .catch { _ in
                    log.append("catch")
                    return .empty()
                }
                .subscribe(onCompleted: { log.append("completed") })
        }
        #expect(log.items == ["do error", "catch", "completed", "do dispose"])
    }
}
