import Streams
import StreamsTest
import Testing

@Suite struct ReduceTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func emitsTheAccumulationWhenTheSourceCompletes() {
        let xs = scheduler.createHotObservable("a----^abc-|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.reduce(10) { $0 + $1 } }
        assertMarbles(res, "     ^----(x|)", values: ["x": 16])
        assertSubscriptions(xs, "     ^----!")
    }

    @Test func mapResultTransformsTheAccumulation() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.reduce(0, accumulator: { $0 + $1 }, mapResult: { "sum \($0)" }) }
        #expect(res.events == [.next(250, "sum 3"), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func emptySourceEmitsTheSeed() {
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
        let res = scheduler.start { xs.reduce(42) { $0 + $1 } }
        #expect(res.events == [.next(250, 42), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func accumulatorErrorEndsTheSequenceAndUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start {
            xs.reduce(0) { sum, value in
                if value == 2 { throw TestError() }
                return sum + value
            }
        }
        #expect(res.events == [.error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func mapResultErrorEndsTheSequence() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start {
            xs.reduce(0, accumulator: { $0 + $1 }, mapResult: { (_: Int) -> Int in throw TestError() })
        }
        #expect(res.events == [.error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func sourceErrorIsForwardedWithoutAResult() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { xs.reduce(0) { $0 + $1 } }
        #expect(res.events == [.error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalBeforeCompletionEmitsNothing() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.reduce(0) { $0 + $1 } }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.reduce(0) { $0 + $1 } } == 0)
        #expect(singleSourceLeftovers { $0.reduce(0, accumulator: { $0 + $1 }, mapResult: { $0 * 2 }) } == 0)
    }
}
