import Streams
import StreamsTest
import Testing

@Suite struct CatchTests {
    let scheduler = TestScheduler(initialClock: 0)

    struct OtherError: Error, Equatable {}

    @Test func completionPassesThroughWithoutCallingTheHandler() {
        let xs = scheduler.createHotObservable("a----^b-|", values: ["a": 1, "b": 2])
        let ys = scheduler.createHotObservable("     ----e|", values: ["e": 5])
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        assertMarbles(res, "     ^b-|", values: ["b": 2])
        assertSubscriptions(xs, "     ^--!")
        assertSubscriptions(ys)
    }

    @Test func errorSwitchesToTheHandlersSequence() {
        let xs = scheduler.createHotObservable("a----^bc#", values: ["a": 1, "b": 2, "c": 3], error: TestError())
        let ys = scheduler.createHotObservable("     --z-d|", values: ["z": 0, "d": 4])
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        assertMarbles(res, "     ^bc-d|", values: ["b": 2, "c": 3, "d": 4])
        assertSubscriptions(xs, "     ^--!")
        assertSubscriptions(ys, "     ---^-!")
    }

    @Test func handlerReceivesTheError() {
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError(), Int.self)])
        let res = scheduler.start { xs.catch { error in .just(error is TestError ? 1 : 0) } }
        #expect(res.events == [.next(210, 2), .next(230, 1), .completed(230)])
    }

    @Test func errorsOfTheFallbackAreNotCaughtAgain() {
        let xs = scheduler.createHotObservable("-b-#", values: ["b": 2], error: TestError())
        let ys = scheduler.createHotObservable("----d#", values: ["d": 4], error: OtherError())
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        assertMarbles(res, "-b--d#", values: ["b": 2, "d": 4], error: OtherError())
        assertSubscriptions(ys, "---^-!")
    }

    @Test func handlerThrowingFailsWithItsError() {
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError(), Int.self)])
        let res = scheduler.start { xs.catch { _ -> Observable<Int> in throw OtherError() } }
        #expect(res.events == [.next(210, 2), .error(230, OtherError())])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func disposalBeforeTheErrorUnsubscribesTheSource() {
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError(), Int.self)])
        let ys = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start(disposed: 220) { xs.catch { _ in ys.asObservable() } }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [])
    }

    @Test func disposalAfterTheErrorUnsubscribesTheFallback() {
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError(), Int.self)])
        let ys = scheduler.createHotObservable([.next(240, 4), .next(260, 5), .completed(270)])
        let res = scheduler.start(disposed: 250) { xs.catch { _ in ys.asObservable() } }
        #expect(res.events == [.next(210, 2), .next(240, 4)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
    }

    @Test func sourceFailingWhileSubscribedSwitchesImmediately() {
        let ys = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let res = scheduler.start {
            Observable<Int>.error(TestError()).startWith(1).catch { _ in ys.asObservable() }
        }
        #expect(res.events == [.next(200, 1), .next(210, 4), .completed(220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    @Test func catchAndReturnEmitsTheElementAndCompletes() {
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, TestError(), Int.self), .next(240, 3)])
        let res = scheduler.start { xs.catchAndReturn(99) }
        #expect(res.events == [.next(210, 2), .next(230, 99), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func catchAndReturnPassesCompletionAndDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let res = scheduler.start { xs.catchAndReturn(99) }
        #expect(res.events == [.next(210, 2), .completed(230)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 2), .error(230, TestError(), Int.self)])
        let disposed = other.start(disposed: 220) { ys.catchAndReturn(99) }
        #expect(disposed.events == [.next(210, 2)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.catchAndReturn(0) } == 0)
        #expect(singleSourceLeftovers { $0.catch { _ in .just(0) } } == 0)
        #expect(singleSourceLeftovers { $0.catch { _ in .never() } } == 0)
        #expect(singleSourceLeftovers { $0.catch { _ in throw TestError() } } == 0)
        #expect(singleSourceLeftovers { $0.catch { error in .error(error) } } == 0)
    }
}
