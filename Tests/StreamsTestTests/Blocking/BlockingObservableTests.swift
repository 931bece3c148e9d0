import Dispatch
import Foundation
import Streams
import StreamsTest
import Testing

#if canImport(Darwin)  // `.timeLimit` needs macOS 13 / iOS 16, and Swift Testing refuses `@available` on a suite
    @Suite
#else
    @Suite(.timeLimit(.minutes(1)))
#endif
struct BlockingObservableTests {
    struct TestError: Error, Equatable {}

    @Test func toArrayCollectsASynchronousSourceOnTheCallingThread() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
        #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
    }

    @Test func toArrayWaitsForASourceOnAnotherThread() throws {
        let source = Observable<Int>.create { observer in
            DispatchQueue.global().async {
                for value in 1...3 { observer.onNext(value) }
                observer.onCompleted()
            }
            return Disposables.create()
        }
        #expect(try source.toBlocking(timeout: 30).toArray() == [1, 2, 3])
    }

    @Test func errorsAreThrown() {
        let failing = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError())
            return Disposables.create()
        }
        #expect(throws: TestError()) { try failing.toBlocking().toArray() }
        #expect(throws: TestError()) { try failing.toBlocking().last() }
        #expect(throws: TestError()) { try Observable<Int>.error(TestError()).toBlocking().first() }
    }

    @Test func firstReturnsTheFirstElementAndDisposes() throws {
        let disposed = DisposedFlag()
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create { disposed.set() }
        }
        #expect(try source.toBlocking().first() == 1)
        #expect(disposed.isSet)
        #expect(try Observable<Int>.empty().toBlocking().first() == nil)
    }

    @Test func lastReturnsTheLastElement() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().last() == 3)
        #expect(try Observable<Int>.empty().toBlocking().last() == nil)
    }

    @Test func singleRequiresExactlyOneElement() throws {
        #expect(try Observable.just(7).toBlocking().single() == 7)
        #expect(throws: RxError.noElements) { try Observable<Int>.empty().toBlocking().single() }
        #expect(throws: RxError.moreThanOneElement) { try Observable.of(1, 2).toBlocking().single() }
        let neverEnding = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create()
        }
        #expect(throws: RxError.moreThanOneElement) { try neverEnding.toBlocking(timeout: 30).single() }
    }

    /// As RxBlocking: a synchronous source is subscribed on the trampoline, so it stops at the
    /// second match (or the predicate's error) instead of running to its end.
    @Test func singleWithAPredicateStopsTheSourceAtTheSecondMatchOrAnError() {
        var seen: [Int] = []
        #expect(throws: RxError.moreThanOneElement) {
            try Observable.of(42, 43, 44, 45).toBlocking().single { element in
                seen.append(element)
                return element >= 43
            }
        }
        #expect(seen == [42, 43, 44])
        var untilError: [Int] = []
        #expect(throws: TestError.self) {
            try Observable.of(42, 43, 44, 45).toBlocking().single { element in
                untilError.append(element)
                if element == 43 { throw TestError() }
                return false
            }
        }
        #expect(untilError == [42, 43])
    }

    @Test func materializeReportsElementsAndTheEnd() {
        guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
            Issue.record("expected completion")
            return
        }
        #expect(elements == [1, 2])
        let failing = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(TestError())
            return Disposables.create()
        }
        guard case .failed(let partial, let error) = failing.toBlocking().materialize() else {
            Issue.record("expected failure")
            return
        }
        #expect(partial == [1])
        #expect(error is TestError)
    }

    @Test func aNeverEndingSourceTimesOutAndIsDisposed() {
        let disposed = DisposedFlag()
        let never = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { disposed.set() }
        }
        let start = Date()
        #expect(throws: RxError.timeout) { try never.toBlocking(timeout: 0.2).toArray() }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.2)
        #expect(elapsed < 30)
        #expect(disposed.isSet)
        guard case .failed(let elements, let error) = never.toBlocking(timeout: 0.05).materialize() else {
            Issue.record("expected a timeout")
            return
        }
        #expect(elements == [1])
        #expect(error as? RxError == .timeout)
    }

    @Test func singleWithAPredicateCountsOnlyTheElementsThatPass() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
        #expect(throws: RxError.noElements) { try Observable.of(1, 3).toBlocking().single { $0 == 2 } }
        #expect(throws: RxError.moreThanOneElement) { try Observable.of(2, 1, 2).toBlocking().single { $0 == 2 } }
    }

    @Test func singleWithAPredicateStopsAtTheSecondMatchAndDisposes() throws {
        let disposed = DisposedFlag()
        let neverEnding = Observable<Int>.create { observer in
            observer.onNext(2)
            observer.onNext(5)
            observer.onNext(4)
            return Disposables.create { disposed.set() }
        }
        #expect(throws: RxError.moreThanOneElement) {
            try neverEnding.toBlocking(timeout: 30).single { $0.isMultiple(of: 2) }
        }
        #expect(disposed.isSet)
    }

    @Test func aThrowingPredicateEndsSingleWithItsError() {
        #expect(throws: TestError()) {
            try Observable.of(1, 2, 3).toBlocking().single { value in
                if value == 2 { throw TestError() }
                return false
            }
        }
    }

    @Test func traitsBlockToo() throws {
        #expect(try Single.just(1).toBlocking().single() == 1)
        #expect(try Maybe<Int>.empty().toBlocking().first() == nil)
        #expect(try Completable.empty().toBlocking().toArray().isEmpty)
        #expect(try Infallible.of(1, 2).toBlocking().toArray() == [1, 2])
    }
}

/// A flag set from a disposal closure.
private final class DisposedFlag: @unchecked Sendable {  // `value` guarded by `lock`
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
