import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct ConcatTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func subscribesEachSourceWhenThePreviousCompletes() {
        let ys1 = scheduler.createColdObservable("-ab|", values: ["a": 1, "b": 2])
        let ys2 = scheduler.createColdObservable("-c---|", values: ["c": 3])
        let res = scheduler.start { Observable.concat(ys1.asObservable(), ys2.asObservable()) }
        assertMarbles(res, "-ab-c---|", values: ["a": 1, "b": 2, "c": 3])
        assertSubscriptions(ys1, "^--!")
        assertSubscriptions(ys2, "---^----!")
    }

    @Test func errorStopsBeforeTheNextSource() {
        let ys1 = scheduler.createColdObservable("-a#", values: ["a": 1], error: TestError())
        let ys2 = scheduler.createColdObservable("-c---|", values: ["c": 3])
        let res = scheduler.start { Observable.concat([ys1.asObservable(), ys2.asObservable()]) }
        assertMarbles(res, "-a#", values: ["a": 1], error: TestError())
        assertSubscriptions(ys1, "^-!")
        assertSubscriptions(ys2)
    }

    @Test func disposalDisposesTheRunningSource() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(10, 3), .completed(50)])
        let res = scheduler.start(disposed: 235) { ys1.concat(ys2) }
        #expect(res.events == [.next(210, 1)])
        #expect(ys1.subscriptions == [Subscription(200, 230)])
        #expect(ys2.subscriptions == [Subscription(230, 235)])
    }

    @Test func emptySequenceCompletesAtOnce() {
        let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }
        #expect(res.events == [.completed(200)])
    }

    @Test func sequenceIsIteratedLazilyPerSubscription() {
        let ys = scheduler.createColdObservable([.next(10, 7), .completed(20)])
        let endless = sequence(first: ys.asObservable()) { $0 }
        let res = scheduler.start(disposed: 250) { Observable.concat(endless) }
        #expect(res.events == [.next(210, 7), .next(230, 7)])
        #expect(ys.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 250)])
    }

    @Test func hundredThousandSynchronousSourcesDoNotGrowTheStack() {
        let sources = (0..<100_000).map { Observable.just($0) }
        let probe = MultiSourceProbe<Int>()
        let subscription = Observable.concat(sources).subscribe(probe)
        #expect(probe.elements.count == 100_000)
        #expect(probe.elements.last == 99_999)
        #expect(probe.completed)
        subscription.dispose()
    }
}
