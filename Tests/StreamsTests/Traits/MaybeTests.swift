import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct MaybeTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func createSucceedsCompletesOrFails() {
        func run(_ event: MaybeEvent<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0)
            return scheduler.start {
                Maybe<Int>.create { maybe in
                    scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
                        maybe(event)
                        maybe(.success(99))
                        return Disposables.create()
                    }
                }.asObservable()
            }.events
        }
        #expect(run(.success(1)) == [.next(210, 1), .completed(210)])
        #expect(run(.completed) == [.completed(210)])
        #expect(run(.error(TraitTestError())) == [.error(210, TraitTestError())])
    }

    @Test func subscribeCallsExactlyOneOutcomeHandlerThenDisposed() {
        let log = TraitLog()
        for maybe in [Maybe.just(1), Maybe<Int>.empty(), Maybe<Int>.error(TraitTestError())] {
            _ = maybe.subscribe(
                onSuccess: { log.append("success \($0)") }, onError: { _ in log.append("error") },
                onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        }
        #expect(log.items == ["success 1", "disposed", "completed", "disposed", "error", "disposed"])
    }

    @Test func subscribeWithEventObserver() {
        let log = TraitLog()
        for maybe in [Maybe.just(1), Maybe<Int>.empty(), Maybe<Int>.error(TraitTestError())] {
            _ = maybe.subscribe { event in
                switch event {
                case .success(let value): log.append("success \(value)")
                case .error: log.append("error")
                case .completed: log.append("completed")
                }
            }
        }
        #expect(log.items == ["success 1", "completed", "error"])
    }

    @Test func mapAndFilter() {
        let xs = scheduler.createColdObservable([.next(10, 2), .completed(10)])
        let mapped = scheduler.start { xs.asMaybe().map { $0 * 10 }.asObservable() }.events
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createColdObservable(xs.recordedEvents)
        let kept = scheduler2.start { ys.asMaybe().filter { $0 == 2 }.asObservable() }.events
        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createColdObservable(xs.recordedEvents)
        let dropped = scheduler3.start { zs.asMaybe().filter { $0 != 2 }.asObservable() }.events
        #expect(mapped == [.next(210, 20), .completed(210)])
        #expect(kept == [.next(210, 2), .completed(210)])
        #expect(dropped == [.completed(210)])
    }

    @Test func flatMapSubscribesTheInnerMaybeOnSuccess() {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let ys = scheduler.createColdObservable([.completed(20, Int.self)])
        let res = scheduler.start { xs.asMaybe().flatMap { _ in ys.asMaybe() }.asObservable() }
        #expect(res.events == [.completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func flatMapOnAnEmptyMaybeCompletesWithoutCallingTheSelector() {
        let log = TraitLog()
        let xs = scheduler.createColdObservable([.completed(10, Int.self)])
        let ys = scheduler.createColdObservable([.next(20, 5), .completed(20)])
        let res = scheduler.start {
            xs.asMaybe().flatMap { _ in
                log.append("selector")
                return ys.asMaybe()
            }.asObservable()
        }
        #expect(res.events == [.completed(210)])
        #expect(ys.subscriptions == [])
        #expect(log.items == [])
    }

    @Test func catchAndCatchAndReturn() {
        let xs = scheduler.createColdObservable([.error(10, TraitTestError(), Int.self)])
        let ys = scheduler.createColdObservable([.completed(5, Int.self)])
        let caught = scheduler.start { xs.asMaybe().catch { _ in ys.asMaybe() }.asObservable() }.events
        let returned = TestScheduler(initialClock: 0).start {
            Maybe<Int>.error(TraitTestError()).catchAndReturn(3).asObservable()
        }.events
        #expect(caught == [.completed(215)])
        #expect(returned == [.next(200, 3), .completed(200)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 215)])
    }

    @Test func doRunsCompletionHandlersForAnEmptyMaybe() {
        let log = TraitLog()
        _ = Maybe<Int>.empty()
            .do(
                onNext: { _ in log.append("next") }, onCompleted: { log.append("completed") },
                afterCompleted: { log.append("after completed") }, onDispose: { log.append("dispose") }
            )
            .subscribe(onCompleted: { log.append("subscriber completed") })
        #expect(log.items == ["completed", "subscriber completed", "after completed", "dispose"])
    }
}
