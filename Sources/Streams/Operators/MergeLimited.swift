// Concurrency: the outer source and the inner sources may call in from different threads at
// once. `MergeLimitedSink` keeps its state (inner observables waiting for a slot, the live inner
// subscriptions, whether the outer completed, the `pumping` flag) behind the `SerializingSink`
// lock and delivers through its serializing queue. Only the thread that set `pumping` subscribes
// inner observables, in a loop: an inner that completes while being subscribed just frees its
// slot and the loop subscribes the next one, so a long run of synchronous inners (`concat()` of
// many `just`s) iterates instead of recursing. Subscribing and disposing happen outside the lock.

extension ObservableType where Element: ObservableType {
    /// Merges the inner observables, keeping at most `maxConcurrent` of them subscribed; the
    /// others wait, in arrival order, for a running one to complete.
    ///
    /// Timing: an inner observable is subscribed when it arrives if a slot is free, otherwise
    /// when a running one completes. The result completes when the source and every inner
    /// observable have completed, and fails as soon as any of them fails. Disposal disposes the
    /// source and the running inner subscriptions. No scheduler is used.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeLimitedObservable(source: asObservable(), mapping: IdentityMapping(), maxConcurrent: maxConcurrent)
    }

    /// Concatenates the inner observables: each is subscribed after the previous one completed
    /// (`merge(maxConcurrent: 1)`).
    public func concat() -> Observable<Element.Element> {
        MergeLimitedObservable(source: asObservable(), mapping: IdentityMapping(), maxConcurrent: 1)
    }
}

extension ObservableType {
    /// Maps each element to an observable and concatenates them: each inner observable is
    /// subscribed after the previous one completed.
    ///
    /// Timing: `selector` runs when the source element arrives; its observable waits until the
    /// previous inner completes. The result completes when the source and every inner observable
    /// have completed, and fails as soon as any of them fails (or `selector` throws). Disposal
    /// disposes the source and the running inner subscription. No scheduler is used.
    public func concatMap<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source
    ) -> Observable<Source.Element> {
        MergeLimitedObservable(source: asObservable(), mapping: SelectorMapping(selector: selector), maxConcurrent: 1)
    }
}

private final class MergeLimitedObservable<Mapping: InnerMapping>: Observable<Mapping.Result>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Mapping.Source>
    let mapping: Mapping
    let maxConcurrent: Int

    init(source: Observable<Mapping.Source>, mapping: Mapping, maxConcurrent: Int) {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:): maxConcurrent must be positive")
        self.source = source
        self.mapping = mapping
        self.maxConcurrent = maxConcurrent
    }

    override func subscribe(_ receiver: Receiver<Mapping.Result>) -> any Disposable {
        let sink = MergeLimitedSink(mapping: mapping, maxConcurrent: maxConcurrent, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

/// State under `lock`: `waiting[waitingHead...]` (inner observables not subscribed yet),
/// `active` (running inner nodes by key), `outerDone`, `pumping`.
private final class MergeLimitedSink<Mapping: InnerMapping>: EventSerializingSink<Mapping.Source, Mapping.Result>,
    @unchecked Sendable  // state guarded by `lock`
{
    typealias Result = Mapping.Result
    let mapping: Mapping
    let maxConcurrent: Int
    private var waiting: [Observable<Result>?] = []
    private var waitingHead = 0
    private var active: [Int: MergeLimitedInner<Mapping>] = [:]
    private var nextKey = 0
    private var outerDone = false
    private var pumping = false

    init(mapping: Mapping, maxConcurrent: Int, downstream: Receiver<Result>) {
        self.mapping = mapping
        self.maxConcurrent = maxConcurrent
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
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        waiting.append(inner)
        pumpLocked()
    }

    override func onError(_ error: any Error) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        failLocked(error)
    }

    override func onCompleted() {
        lock.lock()
        outerDone = true
        pumpLocked()
    }

    func innerNext(_ element: Result) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        emitNextLocked(element)
    }

    func innerCompleted(_ node: MergeLimitedInner<Mapping>) {
        lock.lock()
        let removed = active.removeValue(forKey: node.key)
        pumpLocked()
        withExtendedLifetime(removed) {}  // released only now, outside the lock
    }

    /// Called with `lock` held; subscribes waiting inners while slots are free (unless another
    /// call already does), then completes if everything is done. Returns with `lock` released.
    private func pumpLocked() {
        if pumping { return lock.unlock() }
        pumping = true
        while !isStoppedLocked, active.count < maxConcurrent, waitingHead < waiting.count {
            let source = waiting[waitingHead]!
            waiting[waitingHead] = nil
            waitingHead += 1
            if waitingHead == waiting.count {
                waiting.removeAll(keepingCapacity: waiting.count <= 64)
                waitingHead = 0
            }
            let node = MergeLimitedInner(parent: self, key: nextKey)
            nextKey += 1
            active[node.key] = node
            lock.unlock()
            node.setUpstream(source.subscribe(node))
            lock.lock()
        }
        pumping = false
        if outerDone && !isStoppedLocked && active.isEmpty && waitingHead == waiting.count {
            return completeLocked()
        }
        lock.unlock()
    }

    override func disposeResources() {
        let (nodes, dropped): ([Int: MergeLimitedInner<Mapping>], [Observable<Result>?]) = lock.withLock {
            isStoppedLocked = true
            defer {
                active = [:]
                waiting = []
                waitingHead = 0
            }
            return (active, waiting)
        }
        for key in nodes.keys.sorted() { nodes[key]?.dispose() }
        withExtendedLifetime(dropped) {}  // released only now, outside the lock
    }
}

/// One running inner subscription of `MergeLimitedSink`.
private final class MergeLimitedInner<Mapping: InnerMapping>: SubscriptionNode<Mapping.Result>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
{
    let parent: MergeLimitedSink<Mapping>
    let key: Int

    init(parent: MergeLimitedSink<Mapping>, key: Int) {
        self.parent = parent
        self.key = key
    }

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
        parent.innerCompleted(self)
    }
}
