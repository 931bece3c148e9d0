// Timing (RxSwift 6): the first element is emitted (as a `Single` of an optional) at once and
// the result completes, unsubscribing from the source; a source that completes empty emits
// `nil` at its completion; an error before the first element fails the result.
//
// States: waiting (no element yet); stopped (engine: the first element, or `nil`, was
// emitted). Single upstream, so the sink needs no lock.
//
// `first()` returns a ``Single`` (as RxSwift does); it lives here, beside the operators, and
// builds the single from the observable that upholds the one-element guarantee.

extension ObservableType {
    /// A single of the source's first element, or of `nil` if it completes empty.
    ///
    /// Timing: succeeds as soon as the first element arrives (unsubscribing from the source), or
    /// with `nil` when the source completes empty; fails with an error that arrives first.
    public func first(file: StaticString = #fileID, line: UInt = #line) -> Single<Element?> {
        Single(raw: lift(First<Element>()).inspected(as: "first", file: file, line: line))
    }
}

private struct First<Element>: SinkMaking {
    func makeSink(downstream: Receiver<Element?>) -> Sink<Element, Element?> {
        FirstSink(downstream: downstream)
    }
}

private final class FirstSink<Element>: Sink<Element, Element?>, @unchecked Sendable {  // see SubscriptionNode
    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        forwardNext(element)
        forwardCompleted()
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        forwardNext(nil)
        forwardCompleted()
    }
}
