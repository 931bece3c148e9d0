import Streams
import StreamsTest
import Testing

/// `zip` of singles and maybes for 2 to 8 sources and over a collection: the observable `zip` of
/// their observables, with RxSwift's events.
@Suite(.leakChecked) struct PrimitiveSequenceZipTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func zipSucceedsOnceEverySingleHasSucceeded() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(230, 2), .completed(240)])
        let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 * 10 + $1 } }
        #expect(res.events == [.next(240, 12), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func zipFailsWithTheFirstFailureAndDisposesTheOthers() {
        let xs = scheduler.createHotObservable([.error(230, TraitTestError(), Int.self)])
        let ys = scheduler.createHotObservable([.next(250, 2), .completed(250)])
        let res = scheduler.start { Single.zip(xs.asSingle(), ys.asSingle()) { $0 + $1 } }
        #expect(res.events == [.error(230, TraitTestError())])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test func zipOfEightSinglesAndTheTupleForm() {
        let add: @Sendable (Int, Int, Int, Int, Int, Int, Int, Int) -> Int = {
            $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
        }
        let (one, two) = (Single<Int>.just(1), Single<Int>.just(2))
        let sum = scheduler.start { Single.zip(one, two, one, two, one, two, one, two, resultSelector: add) }
        let pairs = TestScheduler(initialClock: 0).start {
            Single.zip(Single.just(1), Single.just("a")).map { "\($0.0)\($0.1)" }
        }
        #expect(sum.events == [.next(200, 12), .completed(200)])
        #expect(pairs.events == [.next(200, "1a"), .completed(200)])
    }

    @Test func zipOfAnEmptyMaybeCompletesEmpty() {
        let ys = scheduler.createHotObservable([.next(230, 2), .completed(240)])
        let events = scheduler.start { Maybe.zip(Maybe<Int>.empty(), ys.asMaybe()) { $0 + $1 } }.events
        #expect(events == [.completed(240)])
    }

    @Test func zipOfThreeMaybesWithElements() {
        let events = TestScheduler(initialClock: 0).start {
            Maybe.zip(Maybe.just(1), Maybe.just(2), Maybe.just(3)) { $0 + $1 + $2 }
        }
        .events
        #expect(events == [.next(200, 6), .completed(200)])
    }

    @Test func zipOverACollectionOfSingles() {
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(220)])
        let arrays = scheduler.start { Single.zip([Single.just(1), xs.asSingle(), Single.just(3)]) }
        let summed = TestScheduler(initialClock: 0).start {
            Single.zip([Single.just(1), Single.just(2)]) { $0.reduce(0, +) }
        }
        let empty = TestScheduler(initialClock: 0).start { Single.zip([Single<Int>]()) }
        #expect(arrays.events == [.next(220, [1, 2, 3]), .completed(220)])
        #expect(summed.events == [.next(200, 3), .completed(200)])
        #expect(empty.events == [.next(200, []), .completed(200)])
    }
}
