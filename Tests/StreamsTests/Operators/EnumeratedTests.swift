import StreamsTest
import Testing

@testable import Streams

@Suite struct EnumeratedTests {
    let scheduler = TestScheduler(initialClock: 0)

    private static func label(_ pair: (index: Int, element: String)) -> String { "\(pair.index):\(pair.element)" }

    @Test func pairsEachElementWithItsIndexFromZero() {
        let xs = scheduler.createHotObservable([
            .next(150, "z"), .next(210, "a"), .next(220, "b"), .next(240, "c"), .completed(250),
        ])
        let res = scheduler.start { xs.enumerated().map(Self.label) }
        #expect(res.events == [.next(210, "0:a"), .next(220, "1:b"), .next(240, "2:c"), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func eachSubscriptionCountsFromZero() {
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let enumerated = xs.asObservable().enumerated().map(Self.label)
        let first = scheduler.createObserver(String.self)
        let second = scheduler.createObserver(String.self)
        scheduler.scheduleAt(200) { _ = enumerated.subscribe(first) }
        scheduler.scheduleAt(215) { _ = enumerated.subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(210, "0:a"), .next(220, "1:b"), .completed(230)])
        #expect(second.events == [.next(225, "0:a"), .next(235, "1:b"), .completed(245)])
    }

    @Test func errorsAreForwardedAndDisposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, TestError(), String.self)])
        let res = scheduler.start { xs.enumerated().map(Self.label) }
        #expect(res.events == [.next(210, "0:a"), .error(220, TestError())])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, "a"), .next(260, "b"), .completed(300)])
        let disposed = other.start(disposed: 250) { ys.enumerated().map(Self.label) }
        #expect(disposed.events == [.next(210, "0:a")])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func anIndexPastIntMaxFailsWithOverflowInsteadOfWrapping() {
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "c")])
        let res = scheduler.start { xs.asObservable().enumerated(startingAt: Int.max - 1).map(Self.label) }
        #expect(res.events == [.next(210, "\(Int.max - 1):a"), .error(220, RxError.overflow)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.enumerated().map { $0.index } } == 0)
    }
}
