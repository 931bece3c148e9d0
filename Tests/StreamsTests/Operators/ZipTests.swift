import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct ZipTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func pairsElementsByIndex() {
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
        ])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(235, 20), .completed(300)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(215, 11), .next(235, 22), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    @Test func emptyAndNonEmptyCompletesWhenBothComplete() {
        let e = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let o = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])
        let res = scheduler.start { Observable.zip(e, o) { $0 + $1 } }
        #expect(res.events == [.completed(220)])
        #expect(e.subscriptions == [Subscription(200, 210)])
        #expect(o.subscriptions == [Subscription(200, 220)])
    }

    @Test func errorAndSelectorErrorAndDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(215, 10), .error(225, TestError())])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(215, 11), .error(225, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ys.subscriptions == [Subscription(200, 225)])

        let second = TestScheduler(initialClock: 0)
        let as1 = second.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let bs1 = second.createHotObservable([.next(215, 10), .next(225, 20), .completed(300)])
        let thrown = second.start {
            Observable.zip(as1, bs1) { a, b -> Int in
                if a == 2 { throw TestError() }
                return a + b
            }
        }
        #expect(thrown.events == [.next(215, 11), .error(225, TestError())])
        #expect(as1.subscriptions == [Subscription(200, 225)])
        #expect(bs1.subscriptions == [Subscription(200, 225)])

        let third = TestScheduler(initialClock: 0)
        let cs = third.createHotObservable([.next(210, 1), .next(220, 2)])
        let ds = third.createHotObservable([.next(215, 10), .next(300, 20)])
        let disposed = third.start(disposed: 250) { Observable.zip(cs, ds).map { $0 + $1 } }
        #expect(disposed.events == [.next(215, 11)])
        #expect(cs.subscriptions == [Subscription(200, 250)])
        #expect(ds.subscriptions == [Subscription(200, 250)])
    }

    @Test func threeAndFourSources() {
        let a = scheduler.createHotObservable([.next(210, 1), .next(250, 5), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let c = scheduler.createHotObservable([.next(230, 3), .completed(300)])
        let d = scheduler.createHotObservable([.next(240, 4), .completed(310)])
        let three: Observable<Int> = Observable.zip(a, b, c).map { $0 + $1 + $2 }
        let four: Observable<Int> = Observable.zip(a, b, c, d) { $0 * 1000 + $1 * 100 + $2 * 10 + $3 }
        let threeSelected: Observable<Int> = Observable.zip(a, b, c) { $0 + $1 + $2 + 100 }
        let fourTuples: Observable<Int> = Observable.zip(a, b, c, d).map { $0 + $1 + $2 + $3 }
        let res = scheduler.start { Observable.merge(three, four, threeSelected, fourTuples) }
        let expected: [Recorded<Event<Int>>] = [
            .next(230, 6), .next(230, 106), .next(240, 1234), .next(240, 10), .completed(310),
        ]
        #expect(res.events == expected)
    }

    @Test func eightSourcesOfEightTypesKeepTheirOrder() {
        let expected: [Recorded<Event<String>>] = [.next(280, "1b2.5truee[6]78"), .completed(300)]
        let selected = EightSources.events { sources in
            Observable.zip(sources.a, sources.b, sources.c, sources.d, sources.e, sources.f, sources.g, sources.h) {
                eightValuesText(($0, $1, $2, $3, $4, $5, $6, $7))
            }
        }
        #expect(selected == expected)
        let tuples = EightSources.events { sources in
            Observable.zip(sources.a, sources.b, sources.c, sources.d, sources.e, sources.f, sources.g, sources.h).map(
                eightValuesText)
        }
        #expect(tuples == expected)
    }

    @Test func collectionForms() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let ys = scheduler.createHotObservable([.next(230, 10), .next(240, 20), .next(245, 30), .completed(260)])
        let res = scheduler.start { Observable.zip([xs, ys]) }
        #expect(res.events == [.next(230, [1, 10]), .next(240, [2, 20]), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 260)])

        let other = TestScheduler(initialClock: 0)
        let zs = other.createHotObservable([.next(210, 1), .completed(250)])
        let ws = other.createHotObservable([.next(220, 2), .completed(260)])
        let summed = other.start { Observable.zip([zs, ws]) { $0.reduce(0, +) } }
        #expect(summed.events == [.next(220, 3), .completed(260)])

        let empty = TestScheduler(initialClock: 0)
        // As in RxSwift: no sources complete at once, without calling the selector (RxSwift's
        // combineLatest, by contrast, emits the selector of `[]`).
        let none = empty.start { Observable<Int>.zip([Observable<Int>]()) }
        #expect(none.events == [.completed(200)])
        let selecting = TestScheduler(initialClock: 0)
        let selected = selecting.start { Observable.zip([Observable<Int>]()) { $0.count } }
        #expect(selected.events == [.completed(200)])
    }

    @Test func aCollectionCompletesAtTheNextElementOnceAllButOneSourceAreDone() {
        // RxSwift's collection zip: when every source but one has completed, the next element
        // that cannot be paired completes the result (the arity forms wait for every source).
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(250)])
        let ys = scheduler.createHotObservable([
            .next(220, 2), .next(260, 5), .next(300, 8), .next(330, 9), .completed(400),
        ])
        let zs = scheduler.createHotObservable([.next(230, 3), .next(270, 6), .completed(280)])
        let res = scheduler.start { Observable.zip([xs, ys, zs]) }
        #expect(res.events == [.next(230, [1, 2, 3]), .next(270, [4, 5, 6]), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
        #expect(zs.subscriptions == [Subscription(200, 280)])

        let arity = TestScheduler(initialClock: 0)
        let a = arity.createHotObservable([.next(210, 1), .next(240, 4), .completed(250)])
        let b = arity.createHotObservable([.next(220, 2), .next(260, 5), .next(300, 8), .completed(400)])
        let c = arity.createHotObservable([.next(230, 3), .next(270, 6), .completed(280)])
        let waits = arity.start { Observable.zip(a, b, c) { [$0, $1, $2] } }
        #expect(waits.events == [.next(230, [1, 2, 3]), .next(270, [4, 5, 6]), .completed(400)])
    }
}
