import Streams
import StreamsTest
import Testing

@Suite struct ScanTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsEachIntermediateAccumulation() {
        let xs = scheduler.createHotObservable("a----^abc------|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        assertMarbles(res, "     ^xyz------|", values: ["x": 11, "y": 13, "z": 16])
        assertSubscriptions(xs, "     ^---------!")
    }

    @Test func scanIntoMutatesTheAccumulationInPlace() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.scan(into: [Int]()) { $0.append($1) } }
        #expect(res.events == [.next(210, [1]), .next(220, [1, 2]), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let scanned = xs.scan(0) { $0 + $1 }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = scanned.subscribe(first) }
        scheduler.scheduleAt(300) { _ = scanned.subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 3), .completed(230)])
        #expect(second.events == [.next(310, 1), .next(320, 3), .completed(330)])
    }

    @Test func thrownErrorEndsTheSequenceAndUnsubscribes() {
        let xs = scheduler.createHotObservable("-abc------|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start {
            xs.scan(0) { sum, value in
                if value == 2 { throw TestError() }
                return sum + value
            }
        }
        assertMarbles(res, "-a#", values: ["a": 1], error: TestError())
        assertSubscriptions(xs, "^-!")
    }

    @Test func scanIntoThrownErrorEndsTheSequence() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.scan(into: 0) { sum, value in
                if value == 2 { throw TestError() }
                sum += value
            }
        }
        #expect(res.events == [.next(210, 1), .error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func sourceErrorIsForwarded() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.scan(0) { $0 + $1 } }
        #expect(res.events == [.next(210, 1), .error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let res = scheduler.start(disposed: 220) { xs.scan(0) { $0 + $1 } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.scan(0) { $0 + $1 } } == 0)
        #expect(singleSourceLeftovers { $0.scan(into: 0) { $0 += $1 } } == 0)
    }
}
