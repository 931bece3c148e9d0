import Streams
import StreamsTest
import Testing

@Suite struct SingleElementTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func theOnlyElementIsEmittedAtOnceAndTheResultCompletesWithTheSource() {
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 1), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func aSecondElementFailsAtOnceAndUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func anEmptySourceFailsWithNoElements() {
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.error(250, RxError.noElements)])
    }

    @Test func theSourcesErrorIsForwarded() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError())])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 1), .error(230, TestError())])
    }

    @Test func thePredicateChoosesWhichElementsCount() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 4), .next(230, 5), .next(240, 7), .completed(250),
        ])
        let res = scheduler.start { xs.single { $0 % 2 == 0 } }
        #expect(res.events == [.next(220, 4), .completed(250)])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let twice = second.start { ys.single { $0 % 2 == 0 } }
        #expect(twice.events == [.next(210, 2), .error(230, RxError.moreThanOneElement)])

        let third = TestScheduler(initialClock: 0)
        let zs = third.createHotObservable([.next(210, 1), .next(220, 3), .completed(250)])
        let none = third.start { zs.single { $0 % 2 == 0 } }
        #expect(none.events == [.error(250, RxError.noElements)])
    }

    @Test func aThrowingPredicateFailsTheResult() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start {
            xs.single { value in
                if value == 2 { throw TestError() }
                return false
            }
        }
        #expect(res.events == [.error(220, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.single() } == 0)
        #expect(singleSourceLeftovers { $0.single { $0 > 1 } } == 0)
    }
}
