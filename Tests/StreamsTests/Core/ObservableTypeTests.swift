import Streams
import StreamsTest
import Testing

/// `ObservableConvertibleType` and the default `asObservable()` of an `ObservableType` that only
/// implements `subscribe(_:)`, as RxSwift has them.
@Suite(.leakChecked) struct ObservableTypeTests {
    /// A sequence written against the protocol alone: it sends `elements` and completes.
    struct Countdown: ObservableType {
        typealias Element = Int
        let from: Int

        func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
            for value in stride(from: from, through: 1, by: -1) { observer.onNext(value) }
            observer.onCompleted()
            return Disposables.create()
        }
    }

    @Test func theDefaultAsObservableSubscribesTheType() {
        let events = TestScheduler(initialClock: 0).start { Countdown(from: 3).asObservable().map { $0 * 10 } }.events
        #expect(events == [.next(200, 30), .next(200, 20), .next(200, 10), .completed(200)])
    }

    @Test func operatorsApplyToTheTypeDirectly() {
        let events = TestScheduler(initialClock: 0).start { Countdown(from: 2).filter { $0 > 1 } }.events
        #expect(events == [.next(200, 2), .completed(200)])
    }

    @Test func observablesAndTraitsAreConvertible() {
        func elements<Source: ObservableConvertibleType>(_ source: Source) -> [Source.Element]
        where Source.Element: Sendable {
            (try? source.toBlocking().toArray()) ?? []
        }
        #expect(elements(Observable.of(1, 2)) == [1, 2])
        #expect(elements(Single.just(3)) == [3])
        #expect(elements(Maybe<Int>.empty()) == [])
        #expect(elements(Infallible.of(4)) == [4])
        #expect(elements(Completable.empty()).isEmpty)
    }
}
