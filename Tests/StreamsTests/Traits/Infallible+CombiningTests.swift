import Streams
import StreamsTest
import Testing

/// `Infallible`'s multi-source operators: the observable operators over infallible sources.
@Suite(.leakChecked) struct InfallibleCombiningTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func flatMapLatestSwitchesToTheNewestInner() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createColdObservable([.next(10, 10), .next(40, 20), .completed(50)])
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).flatMapLatest { x in
                ys.asInfallible(onErrorJustReturn: 0).map { $0 + x }
            }
        }
        #expect(res.events == [.next(220, 11), .next(250, 12), .next(280, 22), .completed(300)])
        #expect(ys.subscriptions == [Subscription(210, 240), Subscription(240, 290)])
    }

    @Test func flatMapFirstConcatMapAndFlatMap() {
        let inner: @Sendable (Int) -> Infallible<Int> = { Infallible.of($0, $0 * 10) }
        let first = TestScheduler(initialClock: 0).start { Infallible.of(1, 2).flatMapFirst(inner) }
        let concatenated = TestScheduler(initialClock: 0).start { Infallible.of(1, 2).concatMap(inner) }
        let merged = TestScheduler(initialClock: 0).start { Infallible.of(1, 2).flatMap(inner) }
        #expect(first.events == [.next(200, 1), .next(200, 10), .completed(200)])
        #expect(concatenated.events == [.next(200, 1), .next(200, 10), .next(200, 2), .next(200, 20), .completed(200)])
        #expect(merged.events == [.next(200, 1), .next(200, 10), .next(200, 2), .next(200, 20), .completed(200)])
    }

    @Test func concatMergeAndStartWith() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(250, 4), .completed(260)])
        let merged = scheduler.start {
            Infallible.merge(xs.asInfallible(onErrorJustReturn: 0), ys.asInfallible(onErrorJustReturn: 0))
        }
        let concatenated = TestScheduler(initialClock: 0).start {
            Infallible.concat([Infallible.of(1), Infallible.of(2)]).concat(Infallible.just(3))
        }
        let started = TestScheduler(initialClock: 0).start { Infallible.just(2).startWith(1) }
        #expect(concatenated.events == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        #expect(merged.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .completed(260)])
        #expect(started.events == [.next(200, 1), .next(200, 2), .completed(200)])
    }

    @Test func withLatestFromTakeUntilAndSkipUntil() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20)])
        let source = xs.asInfallible(onErrorJustReturn: 0)
        let other = ys.asInfallible(onErrorJustReturn: 0)
        let latest = scheduler.start { source.withLatestFrom(other) { $0 + $1 } }
        let second = TestScheduler(initialClock: 0)
        let (xs2, ys2) = (
            second.createHotObservable(xs.recordedEvents), second.createHotObservable(ys.recordedEvents)
        )
        let taken = second.start {
            xs2.asInfallible(onErrorJustReturn: 0).take(until: ys2.asInfallible(onErrorJustReturn: 0))
        }
        let third = TestScheduler(initialClock: 0)
        let (xs3, ys3) = (
            third.createHotObservable(xs.recordedEvents), third.createHotObservable(ys.recordedEvents)
        )
        let skipped = third.start {
            xs3.asInfallible(onErrorJustReturn: 0).skip(until: ys3.asInfallible(onErrorJustReturn: 0))
        }
        #expect(latest.events == [.next(230, 12), .next(250, 23), .completed(260)])
        #expect(taken.events == [.next(210, 1), .completed(220)])
        #expect(skipped.events == [.next(230, 2), .next(250, 3), .completed(260)])
    }

    @Test func shareSubscribesOnceForAllSubscribers() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let shared = xs.asInfallible(onErrorJustReturn: 0).share(replay: 1)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.bind(to: first) }
        scheduler.scheduleAt(220) { _ = shared.bind(to: second) }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(230, 2), .completed(300)])
        #expect(second.events == [.next(220, 1), .next(230, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func withUnretainedPairsEachElementWithTheObject() {
        final class Owner: Sendable {}
        let owner = Owner()
        let events = TestScheduler(initialClock: 0).start { Infallible.of(1, 2).withUnretained(owner).map { $0.1 } }
            .events
        #expect(events == [.next(200, 1), .next(200, 2), .completed(200)])
    }
}
