// Concurrency: the source and the trigger may call in from different threads. `isOpen` is guarded
// by the `SerializingSink` lock; the source's events decide under it and are delivered through the
// serializing queue, so downstream calls never overlap.
//
// Timing (RxSwift 6): the source is subscribed first, then `other`. The source's elements are
// dropped until `other` emits its first element; from then on they pass, and `other`'s
// subscription is disposed at that moment. An error from either fails the result. If the source
// completes before `other` emitted, the result ends without any event (everything is disposed),
// as in RxSwift. Disposal disposes both.

extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the rest (see the
    /// file header for timing).
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntilObservable(source: asObservable(), other: other.asObservable())
    }
}

private final class SkipUntilObservable<Element, Other>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = SkipUntilSink<Element, Other>(downstream: receiver)
        sink.run(source: source, other: other)
        return sink
    }
}

/// Receives the source. State under `lock`: `isOpen`, `trigger`.
private final class SkipUntilSink<Element, Other>: EventSerializingSink<Element, Element>,
    @unchecked Sendable  // state guarded by `lock`
{
    private var isOpen = false
    private var trigger: SkipUntilTrigger<Element, Other>?

    func run(source: Observable<Element>, other: Observable<Other>) {
        let node = SkipUntilTrigger(parent: self)
        lock.withLock { trigger = node }
        setUpstream(source.subscribe(self))
        node.setUpstream(other.subscribe(node))
    }

    override func onNext(_ element: Element) {
        lock.lock()
        if isStoppedLocked || !isOpen { return lock.unlock() }
        emitNextLocked(element)
    }

    override func onError(_ error: any Error) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        failLocked(error)
    }

    override func onCompleted() {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        if isOpen { return completeLocked() }
        isStoppedLocked = true
        lock.unlock()
        dispose()
    }

    func open() {
        lock.withLock { isOpen = true }
    }

    override func disposeResources() {
        let node: SkipUntilTrigger<Element, Other>? = lock.withLock {
            isStoppedLocked = true
            defer { trigger = nil }
            return trigger
        }
        node?.dispose()
    }
}

/// The subscription to `other`; disposes itself after its first element.
private final class SkipUntilTrigger<Element, Other>: SubscriptionNode<Other>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
{
    let parent: SkipUntilSink<Element, Other>
    init(parent: SkipUntilSink<Element, Other>) { self.parent = parent }

    override func onNext(_ element: Other) {
        guard !isDisposed else { return }
        parent.open()
        dispose()
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.onError(error)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
    }
}
