import Streams
import StreamsTest
import Testing

@Suite struct TraitConversionTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func asSingleEmitsTheOnlyElementWhenTheSourceCompletes() {
        let (events, subscriptions) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
            let res = scheduler.start { xs.asSingle().asObservable() }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [.next(250, 2), .completed(250)])
        #expect(subscriptions == [Subscription(200, 250)])
    }

    @Test func asSingleFailsWithNoElementsOnEmptyCompletion() {
        let (events, subscriptions) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let res = scheduler.start { xs.asSingle().asObservable() }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [.error(250, StreamsError.noElements)])
        #expect(subscriptions == [Subscription(200, 250)])
    }

    @Test func asSingleFailsWithMoreThanOneElementAtTheSecondElement() {
        let (events, subscriptions) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
            let res = scheduler.start { xs.asSingle().asObservable() }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [.error(220, StreamsError.moreThanOneElement)])
        #expect(subscriptions == [Subscription(200, 220)])
    }

    @Test func asSingleForwardsTheSourceError() {
        let (events, subscriptions) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TraitTestError())])
            let res = scheduler.start { xs.asSingle().asObservable() }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [.error(220, TraitTestError())])
        #expect(subscriptions == [Subscription(200, 220)])
    }

    @Test func asSingleDisposalUnsubscribes() {
        let (events, subscriptions) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.next(210, 2), .completed(500)])
            let res = scheduler.start(disposed: 300) { xs.asSingle().asObservable() }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [])
        #expect(subscriptions == [Subscription(200, 300)])
    }

    @Test func asMaybeCompletesEmptyOrSucceedsOrFails() {
        let (empty, one, two) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.completed(250, Int.self)])
            let empty = scheduler.start { xs.asMaybe().asObservable() }
            let scheduler2 = TestScheduler(initialClock: 0)
            let ys = scheduler2.createHotObservable([.next(210, 1), .completed(250)])
            let one = scheduler2.start { ys.asMaybe().asObservable() }
            let scheduler3 = TestScheduler(initialClock: 0)
            let zs = scheduler3.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
            let two = scheduler3.start { zs.asMaybe().asObservable() }
            return (
                (empty.events, xs.subscriptions), (one.events, ys.subscriptions), (two.events, zs.subscriptions)
            )
        }
        #expect(empty.0 == [.completed(250)])
        #expect(empty.1 == [Subscription(200, 250)])
        #expect(one.0 == [.next(250, 1), .completed(250)])
        #expect(one.1 == [Subscription(200, 250)])
        #expect(two.0 == [.error(220, StreamsError.moreThanOneElement)])
        #expect(two.1 == [Subscription(200, 220)])
    }

    @Test func asCompletableOnAnElementlessSequence() {
        let (events, subscriptions) = expectNoLeaks {
            let xs: TestableObservable<Never> = scheduler.createHotObservable([.completed(250)])
            let res = scheduler.start { xs.asCompletable().asObservable() }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [.completed(250)])
        #expect(subscriptions == [Subscription(200, 250)])
    }

    @Test func singleAndMaybeAsCompletableDropTheElement() {
        let log = TraitLog()
        expectNoLeaks {
            _ = Single.just(1).asCompletable().subscribe(onCompleted: { log.append("single completed") })
            _ = Maybe.just(1).asCompletable().subscribe(onCompleted: { log.append("maybe completed") })
            _ = Single<Int>.error(TraitTestError()).asCompletable().subscribe(onError: { _ in log.append("error") })
            _ = Single.just(2).asMaybe().subscribe(onSuccess: { log.append("maybe \($0)") })
        }
        #expect(log.items == ["single completed", "maybe completed", "error", "maybe 2"])
    }
}
