import Streams
import StreamsTest
import Testing

/// `from`, `of`, `range`, `repeatElement` and `generate`: lazy sources, as in RxSwift.
@Suite struct FromTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func aRangeEndingAtIntMaxEmitsWithoutOverflowing() {
        let res = scheduler.start { Observable.range(start: Int.max, count: 1) }
        #expect(res.events == [.next(200, Int.max), .completed(200)])
        let last = TestScheduler(initialClock: 0)
        let two = last.start { Observable.range(start: Int.max - 1, count: 2) }
        #expect(two.events == [.next(200, Int.max - 1), .next(200, Int.max), .completed(200)])
    }

    @Test func infiniteAndHugeSourcesEndWithTake() {
        let naturals = scheduler.start { Observable.from(sequence(first: 0) { $0 + 1 }).take(3) }
        #expect(naturals.events == [.next(200, 0), .next(200, 1), .next(200, 2), .completed(200)])
        let huge = TestScheduler(initialClock: 0)
        let range = huge.start { Observable.range(start: 0, count: 1_000_000_000).take(2) }
        #expect(range.events == [.next(200, 0), .next(200, 1), .completed(200)])
        let repeating = TestScheduler(initialClock: 0)
        let sevens = repeating.start {
            Observable.zip(Observable.repeatElement(7), Observable.from([1, 2, 3])) { $0 + $1 }.take(3)
        }
        #expect(sevens.events == [.next(200, 8), .next(200, 9), .next(200, 10), .completed(200)])
    }
}
