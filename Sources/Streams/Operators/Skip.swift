// Concurrency: single upstream, so calls arrive serialized; each sink's counter or flag is
// touched only from `onNext`, which never overlaps itself.
//
// States: skipping (`remaining` > 0, or `skipping` while the predicate holds); passing.

extension ObservableType {
    /// Skips the first `count` elements and emits the rest (a `count` of zero or less skips nothing).
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCountObservable(source: asObservable(), count: count)
    }

    /// Skips elements while `predicate` returns `true`, then emits every later element; a thrown
    /// error becomes the sequence's error.
    public func skip(while predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        SkipWhileObservable(source: asObservable(), predicate: predicate)
    }
}

private final class SkipCountObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = SkipCountSink(remaining: count, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class SkipCountSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `remaining` only in serialized onNext
{
    private var remaining: Int

    init(remaining: Int, downstream: Receiver<Element>) {
        self.remaining = remaining
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        if remaining > 0 {
            remaining -= 1
        } else {
            forwardNext(element)
        }
    }

    override func onError(_ error: any Error) { forwardError(error) }
    override func onCompleted() { forwardCompleted() }
}

private final class SkipWhileObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let predicate: @Sendable (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = SkipWhileSink(predicate: predicate, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class SkipWhileSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `skipping` only in serialized onNext
{
    let predicate: @Sendable (Element) throws -> Bool
    private var skipping = true

    init(predicate: @escaping @Sendable (Element) throws -> Bool, downstream: Receiver<Element>) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        if skipping {
            do {
                skipping = try predicate(element)
            } catch {
                forwardError(error)
                return
            }
            if skipping { return }
        }
        forwardNext(element)
    }

    override func onError(_ error: any Error) { forwardError(error) }
    override func onCompleted() { forwardCompleted() }
}
