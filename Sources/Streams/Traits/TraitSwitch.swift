// Concurrency: each operator here has one upstream and at most one inner subscription, and the
// inner one starts only after the upstream's last meaningful event (its error for `catch`, its
// completion for `andThen`, its one element for the single-element `flatMap`). The trait
// guarantee (at most one element, followed at once by completion) means upstream and inner
// never deliver concurrently, so the sinks need no lock: `hasInner` is written and read only
// from the serialized upstream calls, and the inner slot is a `SingleAssignmentDisposable`.

/// Forwards an inner subscription's events to the downstream of the sink that started it.
private final class TraitInnerNode<Source, Element>: SubscriptionNode<Element>,
    @unchecked Sendable  // see SubscriptionNode
{
    let parent: Sink<Source, Element>
    init(parent: Sink<Source, Element>) { self.parent = parent }

    override func onNext(_ element: Element) {
        if !isDisposed { parent.forwardNext(element) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        parent.forwardError(error)
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        parent.forwardCompleted()
        tearDown(previousState: previous)
    }
}

/// Subscribes `inner` for `parent` and stores the subscription in `slot`.
private func subscribeInner<Source, Element>(
    _ inner: Observable<Element>, parent: Sink<Source, Element>, slot: SingleAssignmentDisposable
) {
    let node = TraitInnerNode(parent: parent)
    node.setUpstream(inner.subscribe(node))
    slot.setDisposable(node)
}

/// `catch`: on the source's error, subscribes to `handler(error)` and forwards its events.
///
/// The source's subscription ends with its error; the fallback is subscribed at that moment.
final class TraitCatchObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let handler: @Sendable (any Error) throws -> Observable<Element>

    init(source: Observable<Element>, handler: @escaping @Sendable (any Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TraitCatchSink(handler: handler, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class TraitCatchSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `fallback` is a thread-safe slot
{
    let handler: @Sendable (any Error) throws -> Observable<Element>
    let fallback = SingleAssignmentDisposable()

    init(handler: @escaping @Sendable (any Error) throws -> Observable<Element>, downstream: Receiver<Element>) {
        self.handler = handler
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { forwardNext(element) }
    override func onCompleted() { forwardCompleted() }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        let next: Observable<Element>
        do {
            next = try handler(error)
        } catch {
            forwardError(error)
            return
        }
        subscribeInner(next, parent: self, slot: fallback)
    }

    override func disposeResources() { fallback.dispose() }
}

/// `andThen`: when the completable source completes, subscribes to `second` and forwards its
/// events; the source's error ends the sequence.
final class TraitAndThenObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Never>
    let second: Observable<Element>

    init(source: Observable<Never>, second: Observable<Element>) {
        self.source = source
        self.second = second
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TraitAndThenSink(second: second, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class TraitAndThenSink<Element>: Sink<Never, Element>,
    @unchecked Sendable  // see SubscriptionNode; `next` is a thread-safe slot
{
    let second: Observable<Element>
    let next = SingleAssignmentDisposable()

    init(second: Observable<Element>, downstream: Receiver<Element>) {
        self.second = second
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Never) {}
    override func onError(_ error: any Error) { forwardError(error) }

    override func onCompleted() {
        guard !isDisposed else { return }
        subscribeInner(second, parent: self, slot: next)
    }

    override func disposeResources() { next.dispose() }
}

/// The single-element `flatMap`: the source's one element is mapped to an inner sequence whose
/// events are forwarded; the source's completion without an element completes (for `Maybe`).
///
/// The inner sequence is subscribed the moment the source's element arrives; the source's own
/// completion, which follows at once, is then ignored, and the inner sequence's terminal event
/// ends the result.
final class TraitFlatMapObservable<Source, Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Source>
    let selector: @Sendable (Source) throws -> Observable<Element>

    init(source: Observable<Source>, selector: @escaping @Sendable (Source) throws -> Observable<Element>) {
        self.source = source
        self.selector = selector
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TraitFlatMapSink(selector: selector, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class TraitFlatMapSink<Source, Element>: Sink<Source, Element>,
    @unchecked Sendable  // see SubscriptionNode; `hasInner` only in serialized upstream calls
{
    let selector: @Sendable (Source) throws -> Observable<Element>
    let inner = SingleAssignmentDisposable()
    private var hasInner = false

    init(selector: @escaping @Sendable (Source) throws -> Observable<Element>, downstream: Receiver<Element>) {
        self.selector = selector
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Source) {
        guard !isDisposed, !hasInner else { return }
        hasInner = true
        let next: Observable<Element>
        do {
            next = try selector(element)
        } catch {
            forwardError(error)
            return
        }
        subscribeInner(next, parent: self, slot: inner)
    }

    override func onError(_ error: any Error) { forwardError(error) }

    override func onCompleted() {
        if !hasInner { forwardCompleted() }
    }

    override func disposeResources() { inner.dispose() }
}
