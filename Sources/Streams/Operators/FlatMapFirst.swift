// Concurrency: the outer source and the running inner source may call in from different threads
// at once. `FlatMapFirstSink` keeps `busy` (an inner is running or being started), `current`
// (its node) and `outerDone` behind the `SerializingSink` lock and delivers through the
// serializing queue, so downstream calls never overlap. The selector, subscribing and disposing
// run outside the lock.

extension ObservableType {
    /// Maps an element to an observable only while no inner observable is running, and emits
    /// that observable's elements; elements arriving meanwhile are dropped (`selector` is not
    /// called for them).
    ///
    /// Timing: the inner observable is subscribed when its source element arrives. The result
    /// completes when the source and the running inner have completed, and fails as soon as
    /// either fails or `selector` throws. Disposal disposes the source and the running inner.
    /// No scheduler is used.
    public func flatMapFirst<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMapFirstObservable(source: asObservable(), mapping: SelectorMapping(selector: selector))
    }
}

private final class FlatMapFirstObservable<Mapping: InnerMapping>: Observable<Mapping.Result>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Mapping.Source>
    let mapping: Mapping

    init(source: Observable<Mapping.Source>, mapping: Mapping) {
        self.source = source
        self.mapping = mapping
    }

    override func subscribe(_ receiver: Receiver<Mapping.Result>) -> any Disposable {
        let sink = FlatMapFirstSink(mapping: mapping, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

/// State under `lock`: `busy`, `current`, `outerDone`.
private final class FlatMapFirstSink<Mapping: InnerMapping>: EventSerializingSink<Mapping.Source, Mapping.Result>,
    @unchecked Sendable  // state guarded by `lock`
{
    typealias Result = Mapping.Result
    let mapping: Mapping
    private var busy = false
    private var current: FlatMapFirstInner<Mapping>?
    private var outerDone = false

    init(mapping: Mapping, downstream: Receiver<Result>) {
        self.mapping = mapping
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Mapping.Source) {
        lock.lock()
        if isStoppedLocked || busy { return lock.unlock() }
        busy = true
        lock.unlock()
        let inner: Observable<Result>
        do {
            inner = try mapping.inner(for: element)
        } catch {
            return onError(error)
        }
        let node = FlatMapFirstInner(parent: self)
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        current = node
        lock.unlock()
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
        if !isStoppedLocked && !busy { return completeLocked() }
        lock.unlock()
    }

    func innerNext(_ element: Result) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        emitNextLocked(element)
    }

    func innerCompleted() {
        lock.lock()
        let finished = current
        current = nil
        busy = false
        if outerDone && !isStoppedLocked {
            completeLocked()
        } else {
            lock.unlock()
        }
        withExtendedLifetime(finished) {}  // released only now, outside the lock
    }

    override func disposeResources() {
        let running: FlatMapFirstInner<Mapping>? = lock.withLock {
            isStoppedLocked = true
            defer { current = nil }
            return current
        }
        running?.dispose()
    }
}

/// The running inner subscription of `FlatMapFirstSink`.
private final class FlatMapFirstInner<Mapping: InnerMapping>: SubscriptionNode<Mapping.Result>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
{
    let parent: FlatMapFirstSink<Mapping>
    init(parent: FlatMapFirstSink<Mapping>) { self.parent = parent }

    override func onNext(_ element: Mapping.Result) {
        if !isDisposed { parent.innerNext(element) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.onError(error)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.innerCompleted()
    }
}
