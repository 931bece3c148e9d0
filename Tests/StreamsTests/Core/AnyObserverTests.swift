import Dispatch
import Streams
import StreamsTest
import Testing

/// A model type that is not `Sendable`.
private final class Draft {
    var text = ""
}

/// Compiles only if `T` is `Sendable`.
private func isSendable<T: Sendable>(_: T.Type) -> Bool { true }

@Suite struct AnyObserverTests {
    /// The most common `create` shape: the observer is handed to a queue. In Swift 6 mode this
    /// compiles only if `AnyObserver` is `Sendable`.
    @Test func createsObserverCanBeCalledFromAQueue() {
        let numbers = Observable.create { o in
            DispatchQueue.global().async {
                o.onNext(1)
                o.onCompleted()
            }
            return Disposables.create()
        }
        guard case .completed(let elements) = numbers.toBlocking(timeout: 20).materialize() else {
            Issue.record("the sequence did not complete within 20 seconds")
            return
        }
        #expect(elements == [1])
    }

    /// `mapObserver` and `asObserver` of a `Sendable` observer give observers that cross threads.
    @Test func mappedObserverOfASubjectCanBeCalledFromAQueue() throws {
        let texts = ReplaySubject<String>.createUnbound()
        let numbers = texts.mapObserver { (number: Int) in "#\(number)" }
        let erased = texts.asObserver()
        DispatchQueue.global().async {
            numbers.onNext(1)
            erased.onNext("two")
            numbers.onCompleted()
        }
        #expect(try texts.toBlocking(timeout: 20).toArray() == ["#1", "two"])
    }

    /// Whether the elements may cross threads is the app's concern (Docs/Concurrency.md), as it
    /// is for `Observable`: the observer is `Sendable` whatever its element type.
    @Test func anObserverOfNonSendableElementsIsSendable() {
        #expect(isSendable(AnyObserver<Draft>.self))
        #expect(isSendable(Observable<Draft>.self))
    }
}
