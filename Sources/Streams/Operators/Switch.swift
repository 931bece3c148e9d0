// Concurrency: the outer source and the current inner source may call in from different threads
// at once. `SwitchSink` keeps `current` (the one inner node whose events count) and `outerDone`
// behind the `SerializingSink` lock; an inner event is accepted only if its node is still
// `current` when the lock is taken, and accepted events go through the serializing queue, so
// downstream calls never overlap and nothing from a replaced inner is delivered after the
// replacement was decided. The selector, disposing the previous inner and subscribing the new
// one run outside the lock. Per outer element this allocates only the inner node (plus whatever
// the selector's observable allocates).

extension ObservableType {
    /// Maps each element to an observable and emits the elements of the most recent one only.
    ///
    /// Timing: when a source element arrives, `selector` runs, the previous inner subscription is
    /// disposed at that moment, and the new inner observable is subscribed. The result completes
    /// when the source has completed and the latest inner has completed; it fails as soon as the
    /// source, the latest inner or `selector` fails. Disposal disposes the source and the current
    /// inner. No scheduler is used.
    public func flatMapLatest<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source
    ) -> Observable<Source.Element> {
        SwitchObservable(source: asObservable(), mapping: SelectorMapping(selector: selector))
    }
}

extension ObservableType where Element: ObservableType {
    /// Emits the elements of the most recent inner observable only (see
    /// ``ObservableType/flatMapLatest(_:)`` for timing).
    public func switchLatest() -> Observable<Element.Element> {
        SwitchObservable(source: asObservable(), mapping: IdentityMapping())
    }
}

private final class SwitchObservable<Mapping: InnerMapping>: Observable<Mapping.Result>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Mapping.Source>
    let mapping: Mapping

    init(source: Observable<Mapping.Source>, mapping: Mapping) {
        self.source = source
        self.mapping = mapping
    }

    override func subscribe(_ receiver: Receiver<Mapping.Result>) -> any Disposable {
        let sink = SwitchSink(mapping: mapping, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

/// State under `lock`: `current` (the latest inner node, until it terminates), `outerDone`.
private final class SwitchSink<Mapping: InnerMapping>: EventSerializingSink<Mapping.Source, Mapping.Result>,
    @unchecked Sendable  // state guarded by `lock`
{
    typealias Result = Mapping.Result
    let mapping: Mapping
    // Guarded by `lock`, so Swift's dynamic exclusivity checks are redundant.
    @exclusivity(unchecked) private var current: SwitchInner<Mapping>?
    @exclusivity(unchecked) private var outerDone = false
    /// `SwitchInner<Mapping>`'s metadata, looked up once per subscription instead of once per
    /// inner (a runtime lookup of ~300 instructions: this generic code runs unspecialized).
    private let innerType = SwitchInner<Mapping>.self

    init(mapping: Mapping, downstream: Receiver<Result>) {
        self.mapping = mapping
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Mapping.Source) {
        guard !isDisposed else { return }
        let inner: Observable<Result>
        do {
            inner = try mapping.inner(for: element)
        } catch {
            return onError(error)
        }
        let node = innerType.init(parent: self)
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        let previous = current
        current = node
        lock.unlock()
        previous?.dispose()
        node.setUpstream(inner.subscribe(node))
    }

    override func onError(_ error: any Error) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        failLocked(error)
    }

    override func onCompleted() {
        lock.lock()
        outerDone = true
        if !isStoppedLocked && current == nil { return completeLocked() }
        lock.unlock()
    }

    func innerNext(_ element: Result, from node: SwitchInner<Mapping>) {
        lock.lock()
        if isStoppedLocked || current !== node { return lock.unlock() }
        emitNextLocked(element)
    }

    func innerError(_ error: any Error, from node: SwitchInner<Mapping>) {
        lock.lock()
        if isStoppedLocked || current !== node { return lock.unlock() }
        failLocked(error)
    }

    func innerCompleted(_ node: SwitchInner<Mapping>) {
        lock.lock()
        guard current === node else { return lock.unlock() }
        current = nil
        if outerDone && !isStoppedLocked { return completeLocked() }
        lock.unlock()
    }

    override func disposeResources() {
        let running: SwitchInner<Mapping>? = lock.withLock {
            isStoppedLocked = true
            defer { current = nil }
            return current
        }
        running?.dispose()
    }
}

/// One inner subscription of `SwitchSink`.
private final class SwitchInner<Mapping: InnerMapping>: SubscriptionNode<Mapping.Result>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
{
    let parent: SwitchSink<Mapping>
    required init(parent: SwitchSink<Mapping>) { self.parent = parent }

    override func onNext(_ element: Mapping.Result) {
        if !isDisposed { parent.innerNext(element, from: self) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.innerError(error, from: self)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.innerCompleted(self)
    }
}
