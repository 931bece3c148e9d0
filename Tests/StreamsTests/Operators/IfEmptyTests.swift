import Streams
import StreamsTest
import Testing

@Suite struct IfEmptyTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func defaultIsEmittedWhenTheSourceCompletesEmpty() {
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250, Int.self)])
        let res = scheduler.start { xs.ifEmpty(default: 42) }
        #expect(res.events == [.next(250, 42), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func defaultIsNotEmittedAfterAnElementOrAnError() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.ifEmpty(default: 42) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.error(230, TestError(), Int.self)])
        let failed = other.start { ys.ifEmpty(default: 42) }
        #expect(failed.events == [.error(230, TestError())])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    @Test func defaultNeverComesForASourceThatNeverEnds() {
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.ifEmpty(default: 42) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func switchToSubscribesTheOtherSequenceWhenTheSourceCompletesEmpty() {
        let xs = scheduler.createHotObservable([.completed(230, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 7), .next(20, 8), .completed(30)])
        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [.next(240, 7), .next(250, 8), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(other.subscriptions == [Subscription(230, 260)])
    }

    @Test func switchToIsNeverSubscribedWhenTheSourceEmitsOrFails() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let other = scheduler.createColdObservable([.next(10, 7), .completed(30)])
        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(other.subscriptions == [])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.error(220, TestError(), Int.self)])
        let fallback = second.createColdObservable([.next(10, 7), .completed(30)])
        let failed = second.start { ys.ifEmpty(switchTo: fallback.asObservable()) }
        #expect(failed.events == [.error(220, TestError())])
        #expect(fallback.subscriptions == [])
    }

    @Test func switchToForwardsTheOtherSequencesErrorAndDisposalReachesIt() {
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 7), .error(20, TestError())])
        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [.next(220, 7), .error(230, TestError())])
        #expect(other.subscriptions == [Subscription(210, 230)])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.completed(210, Int.self)])
        let never = second.createColdObservable([.next(10, 7)])
        let disposed = second.start(disposed: 300) { ys.ifEmpty(switchTo: never.asObservable()) }
        #expect(disposed.events == [.next(220, 7)])
        #expect(never.subscriptions == [Subscription(210, 300)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.ifEmpty(default: 0) } == 0)
        #expect(singleSourceLeftovers { $0.ifEmpty(switchTo: .just(9)) } == 0)
        #expect(singleSourceLeftovers { $0.filter { _ in false }.ifEmpty(switchTo: .of(8, 9)) } == 0)
    }
}
