import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct CombineLatestTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsOnEveryElementOnceAllHaveEmitted() {
        let xs = scheduler.createHotObservable("a----^b-d-|", values: ["a": 1, "b": 2, "d": 4])
        let ys = scheduler.createHotObservable("a----^-c-e-|", values: ["a": 1, "c": 3, "e": 5])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        assertMarbles(res, "     ^-xyz-|", values: ["x": 5, "y": 7, "z": 9])
        assertSubscriptions(xs, "     ^----!")
        assertSubscriptions(ys, "     ^-----!")
    }

    @Test func emptyAndNeverNeverTerminates() {
        let e = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let n = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { Observable.combineLatest(e, n) { $0 + $1 } }
        #expect(res.events == [])
        #expect(e.subscriptions == [Subscription(200, 210)])
        #expect(n.subscriptions == [Subscription(200, 1000)])
    }

    @Test func completesWhenAnElementCanNeverCombine() {
        let e = scheduler.createHotObservable("a----^|", values: ["a": 1])
        let o = scheduler.createHotObservable("a----^-b-------|", values: ["a": 1, "b": 2])
        let res = scheduler.start { Observable.combineLatest(e, o) { $0 + $1 } }
        assertMarbles(res, "     ^-|", values: [:])
        assertSubscriptions(e, "     ^!")
        assertSubscriptions(o, "     ^-!")
    }

    @Test func errorFailsAndDisposesTheOthers() {
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, 3), .error(235, TestError())])
        let zs = scheduler.createHotObservable([.next(215, 10), .completed(400)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, zs) { $0 + $1 + $2 } }
        #expect(res.events == [.next(220, 15), .next(230, 17), .error(235, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 235)])
        #expect(ys.subscriptions == [Subscription(200, 235)])
        #expect(zs.subscriptions == [Subscription(200, 235)])
    }

    @Test func selectorErrorFails() {
        let xs = scheduler.createHotObservable("-b-d-|", values: ["b": 2, "d": 4])
        let ys = scheduler.createHotObservable("--c---|", values: ["c": 3])
        let res = scheduler.start {
            Observable.combineLatest(xs, ys) { x, y -> Int in
                if x == 4 { throw TestError() }
                return x + y
            }
        }
        assertMarbles(res, "--x#", values: ["x": 5], error: TestError())
        assertSubscriptions(xs, "^--!")
        assertSubscriptions(ys, "^--!")
    }

    @Test func disposalDisposesEverySource() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(310, 20)])
        let res = scheduler.start(disposed: 250) { Observable.combineLatest(xs, ys).map { $0 + $1 } }
        #expect(res.events == [.next(220, 11)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func tupleFormsOfThreeAndFour() {
        let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let c = scheduler.createHotObservable([.next(230, 3), .next(240, 4), .completed(300)])
        let d = scheduler.createHotObservable([.next(235, 5), .completed(310)])
        let three = scheduler.start { Observable.combineLatest(a, b, c).map { "\($0)\($1)\($2)" } }
        #expect(three.events == [.next(230, "123"), .next(240, "124"), .completed(300)])
        let other = TestScheduler(initialClock: 0)
        let a2 = other.createHotObservable([.next(210, 1), .completed(300)])
        let b2 = other.createHotObservable([.next(220, 2), .completed(300)])
        let c2 = other.createHotObservable([.next(230, 3), .next(240, 4), .completed(300)])
        let d2 = other.createHotObservable([.next(235, 5), .completed(310)])
        let four = other.start { Observable.combineLatest(a2, b2, c2, d2).map { "\($0)\($1)\($2)\($3)" } }
        #expect(four.events == [.next(235, "1235"), .next(240, "1245"), .completed(310)])
        let withSelector = TestScheduler(initialClock: 0)
        let a3 = withSelector.createHotObservable([.next(210, 1), .completed(300)])
        let b3 = withSelector.createHotObservable([.next(220, 2), .completed(300)])
        let c3 = withSelector.createHotObservable([.next(230, 3), .completed(300)])
        let d3 = withSelector.createHotObservable([.next(240, 4), .completed(300)])
        let summed = withSelector.start { Observable.combineLatest(a3, b3, c3, d3) { $0 + $1 + $2 + $3 } }
        #expect(summed.events == [.next(240, 10), .completed(300)])
        #expect(d.subscriptions == [])
        #expect(d2.subscriptions == [Subscription(200, 310)])
    }

    @Test func eightSourcesOfEightTypesKeepTheirOrder() {
        let expected: [Recorded<Event<String>>] = [
            .next(280, "1b2.5truee[6]78"), .next(290, "9b2.5truee[6]78"), .completed(300),
        ]
        let selected = EightSources.events { sources in
            Observable.combineLatest(
                sources.a, sources.b, sources.c, sources.d, sources.e, sources.f, sources.g, sources.h
            ) {
                eightValuesText(($0, $1, $2, $3, $4, $5, $6, $7))
            }
        }
        #expect(selected == expected)
        let tuples = EightSources.events { sources in
            Observable.combineLatest(
                sources.a, sources.b, sources.c, sources.d, sources.e, sources.f, sources.g, sources.h
            ).map(eightValuesText)
        }
        #expect(tuples == expected)
    }

    @Test func collectionForms() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(240)])
        let res = scheduler.start { Observable.combineLatest([xs, ys]) }
        #expect(res.events == [.next(220, [1, 2]), .next(230, [3, 2]), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 240)])

        let other = TestScheduler(initialClock: 0)
        let zs = other.createHotObservable([.next(210, 1), .completed(250)])
        let ws = other.createHotObservable([.next(220, 2), .error(230, TestError())])
        let summed = other.start { Observable.combineLatest([zs, ws]) { $0.reduce(0, +) } }
        #expect(summed.events == [.next(220, 3), .error(230, TestError())])
        #expect(zs.subscriptions == [Subscription(200, 230)])

        let empty = TestScheduler(initialClock: 0)
        // As in RxSwift: no sources emit the (identity) selector of `[]`, then complete.
        let none = empty.start { Observable<Int>.combineLatest([Observable<Int>]()) }
        #expect(none.events == [.next(200, []), .completed(200)])
    }

    @Test func sourcesOnDifferentThreadsKeepOrderAndGrammar() {
        let count = 20_000
        let probe = MultiSourceProbe<[Int]>()
        let queues = [DispatchQueue(label: "combine-x"), DispatchQueue(label: "combine-y")]
        let xs = emitting(on: queues[0], start: 0, count: count)
        let ys = emitting(on: queues[1], start: 0, count: count)
        let subscription = Observable.combineLatest([xs, ys]).subscribe(probe)
        #expect(probe.waitForTerminal())
        drain(queues)
        let results = probe.elements
        #expect(results.count >= count)
        #expect(results.count <= 2 * count - 1)
        #expect(results.last == [count - 1, count - 1])
        #expect(zip(results, results.dropFirst()).allSatisfy { $0[0] <= $1[0] && $0[1] <= $1[1] })
        #expect(probe.overlaps == 0)
        #expect(probe.eventsAfterTerminal == 0)
        #expect(probe.completed)
        subscription.dispose()
    }
}
