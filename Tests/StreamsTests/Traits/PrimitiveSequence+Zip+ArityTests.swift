import Streams
import StreamsTest
import Testing

/// `zip` of singles and maybes for 2 to 8 sources and over a collection: the observable `zip` of
/// their observables, with RxSwift's events.
@Suite struct PrimitiveSequenceZipTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func zipSucceedsOnceEverySingleHasSucceeded() {
        let (events, xsSubscriptions) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
            let ys = scheduler.createHotObservable([.next(230, 2), .completed(240)])
            let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 * 10 + $1 } }
            return (res.events, xs.subscriptions)
        }
        #expect(events == [.next(240, 12), .completed(240)])
        #expect(xsSubscriptions == [Subscription(200, 220)])
    }

    @Test func zipFailsWithTheFirstFailureAndDisposesTheOthers() {
        let (events, ysSubscriptions) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.error(230, TraitTestError(), Int.self)])
            let ys = scheduler.createHotObservable([.next(250, 2), .completed(250)])
            let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 + $1 } }
            return (res.events, ys.subscriptions)
        }
        #expect(events == [.error(230, TraitTestError())])
        #expect(ysSubscriptions == [Subscription(200, 230)])
    }

    @Test func zipOfEightSinglesAndTheTupleForm() {
        let (sum, pairs) = expectNoLeaks {
            let add: @Sendable (Int, Int, Int, Int, Int, Int, Int, Int) -> Int = {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
            let (one, two) = (Single<Int>.just(1), Single<Int>.just(2))
            let sum = scheduler.start { Single.zip(one, two, one, two, one, two, one, two, resultSelector: add) }
            let pairs = TestScheduler(initialClock: 0).start {
                Single.zip(Single.just(1), Single.just("a")).map { "\($0.0)\($0.1)" }
            }
            return (sum.events, pairs.events)
        }
        #expect(sum == [.next(200, 12), .completed(200)])
        #expect(pairs == [.next(200, "1a"), .completed(200)])
    }

    @Test func zipOfAnEmptyMaybeCompletesEmpty() {
        let events = expectNoLeaks {
            let ys = scheduler.createHotObservable([.next(230, 2), .completed(240)])
            return scheduler.start { Maybe.zip(Maybe<Int>.empty(), ys.asMaybe()) { $0 + $1 } }.events
        }
        #expect(events == [.completed(240)])
    }

    @Test func zipOfThreeMaybesWithElements() {
        let events = expectNoLeaks {
            TestScheduler(initialClock: 0).start {
                Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3)) { $0 + $1 + $2 }
            }
            .events
        }
        #expect(events == [.next(200, 6), .completed(200)])
    }

    @Test func zipOverACollectionOfSingles() {
        let (arrays, summed, empty) = expectNoLeaks {
            let xs = scheduler.createHotObservable([.next(220, 2), .completed(220)])
            let arrays = scheduler.start { Single.zip([Single.just(1), xs.asSingle(), Single.just(3)]) }
            let summed = TestScheduler(initialClock: 0).start {
                Single.zip([Single.just(1), Single.just(2)]) { $0.reduce(0, +) }
            }
            let empty = TestScheduler(initialClock: 0).start { Single.zip([Single<Int>]()) }
            return (arrays.events, summed.events, empty.events)
        }
        #expect(arrays == [.next(220, [1, 2, 3]), .completed(220)])
        #expect(summed == [.next(200, 3), .completed(200)])
        #expect(empty == [.next(200, []), .completed(200)])
    }
}
