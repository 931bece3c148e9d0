import Streams
import StreamsTest
import Testing

/// A recorded chain delivers exactly what the same chain delivers unrecorded: the same events at
/// the same virtual times, and the same subscriptions of its sources.
@Suite(.leakChecked) struct InspectorTransparencyTests {
    struct Failure: Error, Equatable {}

    /// Recording (`inspected(as:)`) after an operator, or nothing.
    typealias Step = @Sendable (Observable<Int>, StaticString) -> Observable<Int>

    private static let recordedStep: Step = { observable, name in observable.inspected(as: name) }
    private static let plainStep: Step = { observable, _ in observable }

    /// The events and source subscriptions of `chain`, run with each step recorded or not.
    private func run(
        recorded: Bool, _ chain: (TestScheduler, @escaping Step) -> (Observable<Int>, TestableObservable<Int>)
    ) -> ([Recorded<Event<Int>>], [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let step: Step = recorded ? Self.recordedStep : Self.plainStep
        let scope = Inspector.RecordingScope()
        return Inspector.withRecording(scope) {
            let (observable, xs) = chain(scheduler, step)
            let subscribed = step(observable, "subscribe")
            let result = scheduler.start { subscribed }
            #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
            return (result.events, xs.subscriptions)
        }
    }

    private func expectSameEvents(
        _ chain: (TestScheduler, @escaping Step) -> (Observable<Int>, TestableObservable<Int>)
    ) {
        let plain = run(recorded: false, chain)
        let recorded = run(recorded: true, chain)
        #expect(!plain.0.isEmpty)
        #expect(recorded.0 == plain.0)
        #expect(recorded.1 == plain.1)
    }

    @Test func elementWiseOperatorsAndTake() {
        expectSameEvents { scheduler, step in
            let xs = scheduler.createHotObservable("-a-b-c-c-d-e-|", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
            var chain = step(xs.map { $0 * 2 }, "map")
            chain = step(chain.filter { $0 != 4 }, "filter")
            chain = step(chain.distinctUntilChanged(), "distinctUntilChanged")
            chain = step(chain.scan(0, accumulator: +), "scan")
            return (step(chain.take(3), "take"), xs)
        }
    }

    @Test func flatMapLatestWithTimedInners() {
        expectSameEvents { scheduler, step in
            let xs = scheduler.createHotObservable("-a---b-------|", values: ["a": 1, "b": 2])
            let chain = xs.flatMapLatest { value in
                step(
                    step(Observable<Int>.interval(.seconds(1), scheduler: scheduler), "interval").map {
                        value * 10 + $0
                    }, "map")
            }
            return (step(step(chain, "flatMapLatest").take(6), "take"), xs)
        }
    }

    @Test func anErrorCaughtAndADebounce() {
        expectSameEvents { scheduler, step in
            let xs = scheduler.createHotObservable("-a-b---c-#", values: ["a": 1, "b": 2, "c": 3], error: Failure())
            let debounced = step(xs.debounce(.seconds(1), scheduler: scheduler), "debounce")
            return (step(step(debounced, "map").catchAndReturn(-1), "catchAndReturn"), xs)
        }
    }

    @Test func disposalBeforeTheEnd() {
        expectSameEvents { scheduler, step in
            let xs = scheduler.createHotObservable([.next(300, 1), .next(1200, 2)])
            return (step(xs.map { $0 + 1 }, "map"), xs)
        }
    }
}
