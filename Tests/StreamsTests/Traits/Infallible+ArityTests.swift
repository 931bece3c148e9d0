import Streams
import StreamsTest
import Testing

/// `Infallible.combineLatest` and `Infallible.zip` for 2 to 8 sources and over collections.
@Suite(.leakChecked) struct InfallibleArityTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func combineLatestEmitsOnceEverySourceHasEmitted() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(250)])
        let selected = scheduler.start {
            Infallible.combineLatest(xs.asInfallible(onErrorJustReturn: 0), ys.asInfallible(onErrorJustReturn: "")) {
                "\($0)\($1)"
            }
        }
        let other = TestScheduler(initialClock: 0)
        let (xs2, ys2) = (
            other.createHotObservable(xs.recordedEvents), other.createHotObservable(ys.recordedEvents)
        )
        let tuples = other.start {
            Infallible.combineLatest(
                xs2.asInfallible(onErrorJustReturn: 0), ys2.asInfallible(onErrorJustReturn: "")
            )
            .map { "\($0.0)\($0.1)" }
        }
        let expected: [Recorded<Event<String>>] = [
            .next(220, "1a"), .next(230, "2a"), .next(240, "2b"), .completed(300),
        ]
        #expect(selected.events == expected)
        #expect(tuples.events == expected)
    }

    @Test func combineLatestOfEightAndOfACollection() {
        let sum: @Sendable (Int, Int, Int, Int, Int, Int, Int, Int) -> Int = {
            $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
        }
        let ones = Infallible<Int>.just(1)
        let eight = TestScheduler(initialClock: 0).start {
            Infallible.combineLatest(ones, ones, ones, ones, ones, ones, ones, ones, resultSelector: sum)
        }
        let collection = TestScheduler(initialClock: 0).start {
            Infallible.combineLatest([Infallible.just(1), Infallible.just(2)])
        }
        #expect(eight.events == [.next(200, 8), .completed(200)])
        #expect(collection.events == [.next(200, [1, 2]), .completed(200)])
    }

    @Test func zipPairsTheNthElements() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .next(250, 30), .completed(260)])
        let selected = scheduler.start {
            Infallible.zip(xs.asInfallible(onErrorJustReturn: 0), ys.asInfallible(onErrorJustReturn: 0)) { $0 + $1 }
        }
        let tuples = TestScheduler(initialClock: 0).start {
            Infallible.zip(Infallible.of(1, 2), Infallible.of("a", "b", "c")).map { "\($0.0)\($0.1)" }
        }
        #expect(selected.events == [.next(220, 11), .next(240, 22), .completed(300)])
        #expect(tuples.events == [.next(200, "1a"), .next(200, "2b"), .completed(200)])
    }
}
