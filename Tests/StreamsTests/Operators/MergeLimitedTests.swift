import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct MergeLimitedTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Three cold inners — one element at 5, ending at 30, 50 and 10 — that a hot source sends at
    /// 210, 220 and 230 before completing at 240.
    private func threeInners() -> (xs: TestableObservable<Observable<Int>>, inners: [TestableObservable<Int>]) {
        let inners = [
            scheduler.createColdObservable([.next(5, 1), .completed(30)]),
            scheduler.createColdObservable([.next(5, 2), .completed(50)]),
            scheduler.createColdObservable([.next(5, 3), .completed(10)]),
        ]
        let xs = scheduler.createHotObservable([
            .next(210, inners[0].asObservable()), .next(220, inners[1].asObservable()),
            .next(230, inners[2].asObservable()), .completed(240),
        ])
        return (xs, inners)
    }

    @Test func mergeMaxConcurrentQueuesExtraInners() {
        let (xs, inners) = threeInners()
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(res.events == [.next(215, 1), .next(225, 2), .next(245, 3), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(
            inners.map(\.subscriptions) == [
                [Subscription(210, 240)], [Subscription(220, 270)], [Subscription(240, 250)],
            ])
    }

    @Test func concatOfObservablesRunsOneAtATime() {
        let (xs, inners) = threeInners()
        let res = scheduler.start { xs.concat() }
        #expect(res.events == [.next(215, 1), .next(245, 2), .next(295, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(
            inners.map(\.subscriptions) == [
                [Subscription(210, 240)], [Subscription(240, 290)], [Subscription(290, 300)],
            ])
    }

    @Test func concatMapCallsTheSelectorOnArrival() {
        let ysA = scheduler.createColdObservable([.next(5, 10), .next(15, 11), .completed(20)])
        let ysB = scheduler.createColdObservable([.next(5, 20), .next(15, 21), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(225)])
        let res = scheduler.start { xs.concatMap { $0 == 1 ? ysA : ysB } }
        #expect(
            res.events == [.next(215, 10), .next(225, 11), .next(235, 20), .next(245, 21), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ysA.subscriptions == [Subscription(210, 230)])
        #expect(ysB.subscriptions == [Subscription(230, 250)])
    }

    @Test func concatMapErrorAndDisposal() {
        let ysA = scheduler.createColdObservable([.next(5, 10), .error(15, TestError())])
        let ysB = scheduler.createColdObservable([.next(5, 20), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.concatMap { $0 == 1 ? ysA : ysB } }
        #expect(res.events == [.next(215, 10), .error(225, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ysA.subscriptions == [Subscription(210, 225)])
        #expect(ysB.subscriptions == [])

        let other = TestScheduler(initialClock: 0)
        let zsA = other.createColdObservable([.next(5, 10), .completed(20)])
        let zsB = other.createColdObservable([.next(5, 20), .completed(20)])
        let zs = other.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let disposed = other.start(disposed: 235) { zs.concatMap { $0 == 1 ? zsA : zsB } }
        #expect(disposed.events == [.next(215, 10)])
        #expect(zs.subscriptions == [Subscription(200, 235)])
        #expect(zsA.subscriptions == [Subscription(210, 230)])
        #expect(zsB.subscriptions == [Subscription(230, 235)])
    }

    @Test func concatMapOfManySynchronousInnersDoesNotGrowTheStack() {
        let probe = MultiSourceProbe<Int>()
        let subscription = Observable.from(Array(0..<100_000)).concatMap { Observable.just($0) }.subscribe(probe)
        #expect(probe.elements.count == 100_000)
        #expect(probe.completed)
        subscription.dispose()
    }
}
