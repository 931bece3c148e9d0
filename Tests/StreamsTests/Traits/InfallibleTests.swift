import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct InfallibleTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func createEmitsUntilCompletion() {
        let events = scheduler.start {
            Infallible<Int>.create { observer in
                scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
                    observer(.next(1))
                    observer(.next(2))
                    observer(.completed)
                    observer(.next(3))
                    return Disposables.create()
                }
            }.asObservable()
        }.events
        #expect(events == [.next(210, 1), .next(210, 2), .completed(210)])
    }

    @Test func onErrorJustReturnEmitsTheElementAndCompletesAtTheError() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TraitTestError())])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).asObservable() }
        #expect(res.events == [.next(210, 1), .next(220, 0), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func onErrorFallbackToSubscribesTheFallbackAtTheError() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TraitTestError())])
        let ys = scheduler.createColdObservable([.next(5, 9), .completed(10)])
        let res = scheduler.start {
            xs.asInfallible(onErrorFallbackTo: ys.asInfallible(onErrorJustReturn: -1)).asObservable()
        }
        #expect(res.events == [.next(210, 1), .next(225, 9), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(220, 230)])
    }

    @Test func onErrorRecoverReceivesTheError() {
        let log = TraitLog()
        let xs = scheduler.createHotObservable([.error(220, TraitTestError(code: 7), Int.self)])
        let events = scheduler.start {
            xs.asInfallible(onErrorRecover: { error in
                log.append("\(error)")
                return .just(7)
            }).asObservable()
        }.events
        #expect(events == [.next(220, 7), .completed(220)])
        #expect(log.items == ["TraitTestError(code: 7)"])
    }

    @Test func disposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let res = scheduler.start(disposed: 300) { xs.asInfallible(onErrorJustReturn: 0).asObservable() }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func mapFilterAndSubscribe() {
        let log = TraitLog()
        _ = Infallible.of(1, 2, 3, 4).filter { $0.isMultiple(of: 2) }.map { $0 * 10 }
            .subscribe(
                onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") })
        #expect(log.items == ["next 20", "next 40", "completed", "disposed"])
    }
}
