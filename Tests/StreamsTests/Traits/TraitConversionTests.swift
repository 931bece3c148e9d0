import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct TraitConversionTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func asSingleEmitsTheOnlyElementWhenTheSourceCompletes() {
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [.next(250, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func asSingleFailsWithNoElementsOnEmptyCompletion() {
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [.error(250, StreamsError.noElements)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func asSingleFailsWithMoreThanOneElementAtTheSecondElement() {
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [.error(220, StreamsError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func asSingleForwardsTheSourceError() {
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TraitTestError())])
        let res = scheduler.start { xs.asSingle().asObservable() }
        #expect(res.events == [.error(220, TraitTestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func asSingleDisposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(500)])
        let res = scheduler.start(disposed: 300) { xs.asSingle().asObservable() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func asMaybeCompletesEmptyOrSucceedsOrFails() {
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let empty = scheduler.start { xs.asMaybe().asObservable() }
        #expect(empty.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .completed(250)])
        let one = scheduler2.start { ys.asMaybe().asObservable() }
        #expect(one.events == [.next(250, 1), .completed(250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])

        let scheduler3 = TestScheduler(initialClock: 0)
        let zs = scheduler3.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let two = scheduler3.start { zs.asMaybe().asObservable() }
        #expect(two.events == [.error(220, StreamsError.moreThanOneElement)])
        #expect(zs.subscriptions == [Subscription(200, 220)])
    }

    @Test func asCompletableOnAnElementlessSequence() {
        let xs: TestableObservable<Never> = scheduler.createHotObservable([.completed(250)])
        let res = scheduler.start { xs.asCompletable().asObservable() }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func singleAndMaybeAsCompletableDropTheElement() {
        let log = TraitLog()
        _ = Single.just(1).asCompletable().subscribe(onCompleted: { log.append("single completed") })
        _ = Maybe.just(1).asCompletable().subscribe(onCompleted: { log.append("maybe completed") })
        _ = Single<Int>.error(TraitTestError()).asCompletable().subscribe(onError: { _ in log.append("error") })
        _ = Single.just(2).asMaybe().subscribe(onSuccess: { log.append("maybe \($0)") })
        #expect(log.items == ["single completed", "maybe completed", "error", "maybe 2"])
    }
}
