import Streams
import StreamsTest
import Testing

@Suite struct CompactMapTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsNonNilResultsAndCompletes() {
        let xs = scheduler.createHotObservable("a----^bcd------|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let res = scheduler.start { xs.compactMap { $0.isMultiple(of: 2) ? $0 * 10 : nil } }
        assertMarbles(res, "     ^B-D------|", values: ["B": 20, "D": 40])
        assertSubscriptions(xs, "     ^---------!")
    }

    @Test func thrownErrorEndsTheSequenceAndUnsubscribes() {
        let xs = scheduler.createHotObservable("-bcd------|", values: ["b": 2, "c": 3, "d": 4])
        let res = scheduler.start {
            xs.compactMap { value -> Int? in
                if value == 3 { throw TestError() }
                return value
            }
        }
        assertMarbles(res, "-b#", values: ["b": 2], error: TestError())
        assertSubscriptions(xs, "^-!")
    }

    @Test func sourceErrorIsForwarded() {
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TestError(), Int.self)])
        let res = scheduler.start { xs.compactMap { $0 } }
        #expect(res.events == [.next(210, 2), .error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(300)])
        let res = scheduler.start(disposed: 220) { xs.compactMap { $0 } }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.compactMap { $0 } } == 0)
    }

    @Test func scopeCountsAnOpenSubscriptionUntilDisposed() {
        var (scope, subscription): (LiveResources.Scope, (any Disposable)?) = LiveResources.withScope {
            Observable<Int>.never().compactMap { $0 }.subscribe { _ in }
        }
        #expect(scope.total == 2)  // the observer's node and the compactMap sink
        subscription?.dispose()
        subscription = nil
        #expect(scope.total == 0)
    }
}
