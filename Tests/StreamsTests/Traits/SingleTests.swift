import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct SingleTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A `Single.create` whose work, 10 ticks after the subscription, calls `send` with the
    /// observer; its disposable logs "disposed at <clock>" and cancels the work.
    private func delayedSingle(log: TraitLog, _ send: @escaping @Sendable (Single<Int>.SingleObserver) -> Void)
        -> Single<Int>
    {
        Single<Int>.create { single in
            let work = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
                send(single)
                return Disposables.create()
            }
            return Disposables.create {
                log.append("disposed at \(scheduler.clock)")
                work.dispose()
            }
        }
    }

    @Test func createSucceedsWithOneElementAndCompletesAtOnce() {
        let log = TraitLog()
        let res = scheduler.start {
            delayedSingle(log: log) { single in
                single(.success(1))
                single(.success(2))
                single(.failure(TraitTestError()))
            }.asObservable()
        }.events
        #expect(res == [.next(210, 1), .completed(210)])
        #expect(log.items == ["disposed at 210"])
    }

    @Test func createFails() {
        let res = scheduler.start {
            Single<Int>.create { single in
                scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
                    single(.failure(TraitTestError()))
                    return Disposables.create()
                }
            }.asObservable()
        }.events
        #expect(res == [.error(210, TraitTestError())])
    }

    @Test func disposalBeforeTheResultStopsTheWork() {
        let log = TraitLog()
        let res = scheduler.start(disposed: 205) {
            delayedSingle(log: log) { single in single(.success(1)) }.asObservable()
        }.events
        #expect(res == [])
        #expect(log.items == ["disposed at 205"])
    }

    @Test func subscribeWithClosuresRunsSuccessThenDisposed() {
        let log = TraitLog()
        _ = Single.just(1).subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { _ in log.append("failure") },
            onDisposed: { log.append("disposed") })
        _ = Single<Int>.error(TraitTestError()).subscribe(
            onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
            onDisposed: { log.append("disposed") })
        #expect(log.items == ["success 1", "disposed", "failure TraitTestError(code: 0)", "disposed"])
    }

    @Test func subscribeWithResultObserver() {
        let log = TraitLog()
        let record: @Sendable (SingleEvent<Int>) -> Void = { result in
            switch result {
            case .success(let value): log.append("success \(value)")
            case .failure(let error): log.append("failure \(error)")
            }
        }
        _ = Single.just(1).subscribe(record)
        _ = Single<Int>.error(TraitTestError(code: 2)).subscribe(record)
        #expect(log.items == ["success 1", "failure TraitTestError(code: 2)"])
    }

    @Test func mapTransformsTheElement() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asSingle().map { $0 * 10 }.asObservable() }
        #expect(res.events == [.next(210, 10), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func mapThrowingFails() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start {
            xs.asSingle().map { _ -> Int in throw TraitTestError() }.asObservable()
        }
        #expect(res.events == [.error(210, TraitTestError())])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func flatMapSubscribesTheInnerSingleWhenTheOuterSucceeds() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let ys = scheduler.createColdObservable([.next(20, 5), .completed(20)])
        let res = scheduler.start {
            xs.asSingle().flatMap { value in ys.asSingle().map { $0 + value } }.asObservable()
        }
        #expect(res.events == [.next(230, 6), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func flatMapDisposalDisposesTheInnerSingle() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let ys = scheduler.createColdObservable([.next(20, 5), .completed(20)])
        let res = scheduler.start(disposed: 220) { xs.asSingle().flatMap { _ in ys.asSingle() }.asObservable() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 220)])
    }

    @Test func flatMapOuterFailureAndThrowingSelector() {
        let xs = scheduler.createColdObservable([.error(10, TraitTestError(code: 1), Int.self)])
        let zs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let ys = scheduler.createColdObservable([.next(20, 5), .completed(20)])
        let failed = scheduler.start { xs.asSingle().flatMap { _ in ys.asSingle() }.asObservable() }
        let other = TestScheduler(initialClock: 0)
        let zsOther = other.createColdObservable(zs.recordedEvents)
        let thrown = other.start {
            zsOther.asSingle().flatMap { _ -> Single<Int> in throw TraitTestError(code: 2) }.asObservable()
        }
        #expect(failed.events == [.error(210, TraitTestError(code: 1))])
        #expect(thrown.events == [.error(210, TraitTestError(code: 2))])
        #expect(ys.subscriptions == [])
    }

    @Test func flatMapMaybeAndFlatMapCompletable() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let ys: TestableObservable<Never> = scheduler.createColdObservable([.completed(5)])
        let maybe = scheduler.start { xs.asSingle().flatMapMaybe { _ in Maybe<Int>.empty() }.asObservable() }
        let scheduler2 = TestScheduler(initialClock: 0)
        let zs = scheduler2.createColdObservable(xs.recordedEvents)
        let ws: TestableObservable<Never> = scheduler2.createColdObservable(ys.recordedEvents)
        let completable = scheduler2.start {
            zs.asSingle().flatMapCompletable { _ in ws.asCompletable() }.asObservable()
        }
        #expect(maybe.events == [.completed(210)])
        #expect(completable.events == [.completed(215)])
        #expect(ws.subscriptions == [Subscription(210, 215)])
    }

    @Test func justOnASchedulerSucceedsThere() {
        let events = scheduler.start { Single.just(1, scheduler: scheduler).asObservable() }.events
        #expect(events == [.next(201, 1), .completed(202)])
    }

    @Test func catchSwitchesToTheFallbackAtTheFailure() {
        let xs = scheduler.createColdObservable([.error(10, TraitTestError(), Int.self)])
        let ys = scheduler.createColdObservable([.next(5, 7), .completed(5)])
        let res = scheduler.start { xs.asSingle().catch { _ in ys.asSingle() }.asObservable() }
        #expect(res.events == [.next(215, 7), .completed(215)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 215)])
    }

    @Test func catchIsNotCalledOnSuccessAndAThrowingHandlerFails() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let success = scheduler.start { xs.asSingle().catch { _ in Single.just(0) }.asObservable() }
        let other = TestScheduler(initialClock: 0)
        let ys = other.createColdObservable([.error(10, TraitTestError(code: 1), Int.self)])
        let thrown = other.start {
            ys.asSingle().catch { _ -> Single<Int> in throw TraitTestError(code: 2) }.asObservable()
        }
        #expect(success.events == [.next(210, 1), .completed(210)])
        #expect(thrown.events == [.error(210, TraitTestError(code: 2))])
    }

    @Test func catchAndReturnSucceedsWithTheElementAtTheFailure() {
        let xs = scheduler.createColdObservable([.error(10, TraitTestError(), Int.self)])
        let res = scheduler.start { xs.asSingle().catchAndReturn(42).asObservable() }
        #expect(res.events == [.next(210, 42), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func doRunsSideEffectsInOrder() {
        let log = TraitLog()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let events = scheduler.start {
            xs.asSingle()
                .do(
                    onSuccess: { log.append("success \($0) at \(scheduler.clock)") },
                    afterSuccess: { log.append("after success \($0)") },
                    onError: { _ in log.append("error") },
                    onSubscribe: { log.append("subscribe at \(scheduler.clock)") },
                    onSubscribed: { log.append("subscribed") },
                    onDispose: { log.append("dispose at \(scheduler.clock)") }
                ).asObservable()
        }.events
        #expect(events == [.next(210, 1), .completed(210)])
        #expect(
            log.items == ["subscribe at 200", "subscribed", "success 1 at 210", "after success 1", "dispose at 210"])
    }

    @Test func doThrowingOnSuccessFailsInstead() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let events = scheduler.start {
            xs.asSingle().do(onSuccess: { _ in throw TraitTestError() }).asObservable()
        }.events
        #expect(events == [.error(210, TraitTestError())])
    }

    @Test func doOnDisposeRunsOnDisposal() {
        let log = TraitLog()
        _ = scheduler.start(disposed: 250) {
            Single<Int>.never().do(onDispose: { log.append("dispose at \(scheduler.clock)") }).asObservable()
        }
        #expect(log.items == ["dispose at 250"])
    }

    @Test func deferredCallsTheFactoryPerSubscription() {
        let log = TraitLog()
        let single = Single<Int>.deferred {
            log.append("factory")
            return .just(3)
        }
        _ = single.subscribe(onSuccess: { log.append("success \($0)") })
        _ = single.subscribe(onSuccess: { log.append("success \($0)") })
        #expect(log.items == ["factory", "success 3", "factory", "success 3"])
    }
}

@Suite(.leakChecked) struct TraitSubscribeWithOwnerTests {
    final class Owner: Sendable {
        let log = TraitLog()
    }

    @Test func theOwnerIsPassedWhileAlive() {
        let owner = Owner()
        _ = Single.just(1).subscribe(
            with: owner, onSuccess: { owner, value in owner.log.append("single \(value)") },
            onDisposed: { owner in owner.log.append("single disposed") })
        _ = Maybe<Int>.empty().subscribe(
            with: owner, onSuccess: { owner, _ in owner.log.append("maybe success") },
            onCompleted: { owner in owner.log.append("maybe completed") })
        _ = Completable.error(TraitTestError()).subscribe(
            with: owner, onError: { owner, _ in owner.log.append("completable error") })
        _ = Infallible.of(1, 2).subscribe(
            with: owner, onNext: { owner, value in owner.log.append("next \(value)") })
        #expect(
            owner.log.items == [
                "single 1", "single disposed", "maybe completed", "completable error", "next 1", "next 2",
            ])
    }
}
