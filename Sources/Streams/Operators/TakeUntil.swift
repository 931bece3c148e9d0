// Concurrency: the source and the trigger may call in from different threads. Both decide under
// the `SerializingSink` lock and deliver through its serializing queue, so downstream calls never
// overlap and nothing follows the completion caused by the trigger.
//
// Timing (RxSwift 6): `other` is subscribed first, then the source. The source's elements pass
// until `other` emits its first element, which completes the result at once and disposes both
// subscriptions. An error from `other` fails the result; completion of `other` without an element
// only ends its subscription. The source's completion or error ends the result. Disposal disposes
// both.

extension ObservableType {
    /// Emits the source's elements until `other` emits an element, then completes (see the file
    /// header for timing).
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntilObservable(source: asObservable(), other: other.asObservable())
    }
}

private final class TakeUntilObservable<Element, Other>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TakeUntilSink<Element, Other>(downstream: receiver)
        sink.run(source: source, other: other)
        return sink
    }
}

/// Receives the source. State under `lock`: `trigger`.
private final class TakeUntilSink<Element, Other>: EventSerializingSink<Element, Element>,
    @unchecked Sendable  // state guarded by `lock`
{
    private var trigger: TakeUntilTrigger<Element, Other>?

    func run(source: Observable<Element>, other: Observable<Other>) {
        let node = TakeUntilTrigger(parent: self)
        lock.withLock { trigger = node }
        node.setUpstream(other.subscribe(node))
        setUpstream(source.subscribe(self))
    }

    override func onNext(_ element: Element) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
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
        completeLocked()
    }

    override func disposeResources() {
        let node: TakeUntilTrigger<Element, Other>? = lock.withLock {
            isStoppedLocked = true
            defer { trigger = nil }
            return trigger
        }
        node?.dispose()
    }
}

/// The subscription to `other`.
private final class TakeUntilTrigger<Element, Other>: SubscriptionNode<Other>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
{
    let parent: TakeUntilSink<Element, Other>
    init(parent: TakeUntilSink<Element, Other>) { self.parent = parent }

    override func onNext(_ element: Other) {
        if !isDisposed { parent.onCompleted() }
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
