import Streams
import StreamsTest
import Testing

/// `Infallible`'s single-source operators: the observable operators, with closures that cannot throw.
@Suite(.leakChecked) struct InfallibleOperatorsTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func transformsAndFilters() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        let events = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0)
                .distinctUntilChanged()
                .compactMap { $0 == 3 ? nil : $0 }
                .scan(0) { $0 + $1 }
                .skip(1)
                .take(2)
        }.events
        #expect(events == [.next(230, 3), .next(250, 7), .completed(250)])
    }

    @Test func debounceAndThrottleUseTheScheduler() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        let source = xs.asInfallible(onErrorJustReturn: 0)
        let debounced = scheduler.start { source.debounce(.seconds(10), scheduler: scheduler) }
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable(xs.recordedEvents)
        let throttled = other.start {
            ys.asInfallible(onErrorJustReturn: 0).throttle(.seconds(20), latest: false, scheduler: other)
        }
        #expect(debounced.events == [.next(225, 2), .next(250, 3), .completed(300)])
        #expect(throttled.events == [.next(210, 1), .next(240, 3), .completed(300)])
    }

    /// b replaces a in the window a opened; c opens a window that the completion waits for.
    @Test func auditUsesTheSchedulerAndItsCompletionWaitsForTheTimer() {
        let events = expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(245)])
            return scheduler.start { xs.asInfallible(onErrorJustReturn: 0).audit(.seconds(10), scheduler: scheduler) }
                .events
        }
        #expect(events == [.next(220, 2), .next(250, 3), .completed(250)])
    }

    @Test func takeAndSkipWhile() {
        let taken = TestScheduler(initialClock: 0).start {
            Infallible.from([1, 2, 3, 1]).take(while: { $0 < 3 }, behavior: .inclusive)
        }
        let skipped = TestScheduler(initialClock: 0).start { Infallible.of(1, 2, 3, 1).skip(while: { $0 < 3 }) }
        #expect(taken.events == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
        #expect(skipped.events == [.next(200, 3), .next(200, 1), .completed(200)])
    }

    @Test func doAndDeferred() {
        let log = TraitLog()
        let events = TestScheduler(initialClock: 0).start {
            Infallible<Int>.deferred { Infallible.just(5) }
                .do(
                    onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
                    onDispose: { log.append("dispose") })
        }.events
        #expect(events == [.next(200, 5), .completed(200)])
        #expect(log.items == ["next 5", "completed", "dispose"])
    }

    @Test func subscribeWithInfallibleEvents() {
        let log = TraitEventLog<InfallibleEvent<Int>>()
        _ = Infallible.of(1, 2).subscribe { log.append($0) }
        #expect(log.items == [.next(1), .next(2), .completed])
    }
}
