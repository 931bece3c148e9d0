// Concurrency: single upstream, so calls arrive serialized; `element` is touched only from the
// serialized `onNext`/`onCompleted`. No lock.

/// How many elements a trait conversion accepts.
enum TraitElementCount {
    /// Exactly one (`asSingle`): none fails with ``StreamsError/noElements``.
    case exactlyOne
    /// Zero or one (`asMaybe`): none completes.
    case atMostOne
}

/// Checks a source against a trait's element count: it keeps the first element, fails with
/// ``StreamsError/moreThanOneElement`` on a second one, and emits the kept element only when the
/// source completes (as RxSwift's `asSingle`/`asMaybe`).
final class TraitElementCountObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let count: TraitElementCount

    init(source: Observable<Element>, count: TraitElementCount) {
        self.source = source
        self.count = count
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TraitElementCountSink(count: count, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class TraitElementCountSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `element` only in serialized upstream calls
{
    let count: TraitElementCount
    private var element: Element?

    init(count: TraitElementCount, downstream: Receiver<Element>) {
        self.count = count
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        if self.element != nil {
            self.element = nil
            forwardError(StreamsError.moreThanOneElement)
            return
        }
        self.element = element
    }

    override func onError(_ error: any Error) {
        element = nil
        forwardError(error)
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        if let element {
            self.element = nil
            forwardNext(element)
            forwardCompleted()
        } else if count == .exactlyOne {
            forwardError(StreamsError.noElements)
        } else {
            forwardCompleted()
        }
    }
}

/// Drops every element and forwards only the terminal event (the body of `asCompletable()` on
/// the other traits).
final class TraitIgnoreElementsObservable<Element>: Observable<Never>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    init(source: Observable<Element>) { self.source = source }

    override func subscribe(_ receiver: Receiver<Never>) -> any Disposable {
        let sink = TraitIgnoreElementsSink<Element>(downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class TraitIgnoreElementsSink<Element>: Sink<Element, Never>,
    @unchecked Sendable  // see SubscriptionNode
{
    override func onNext(_ element: Element) {}
    override func onError(_ error: any Error) { forwardError(error) }
    override func onCompleted() { forwardCompleted() }
}
