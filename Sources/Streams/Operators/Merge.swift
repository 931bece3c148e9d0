// Concurrency: the outer source and every inner source may call in from different threads at
// once. `MergeSink` keeps its state (the live inner subscriptions, whether the outer completed)
// behind the `SerializingSink` lock, decides under it, and delivers through the serializing
// queue, so downstream calls never overlap. Subscribing to an inner, calling the selector and
// disposing inners all happen outside the lock. Inner nodes hold their parent strongly; the
// parent drops them when they terminate or when it is disposed, which breaks the cycle.

extension ObservableType {
    /// Maps each element to an observable with `selector` and merges the elements of all of them
    /// as they arrive.
    ///
    /// Timing: each inner observable is subscribed when its source element arrives; the result
    /// completes when the source and every inner observable have completed, and fails as soon as
    /// any of them fails (disposing the rest). A thrown selector error fails the result.
    /// Disposal disposes the source and every live inner subscription. No scheduler is used.
    public func flatMap<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMapObservable(source: asObservable(), mapping: SelectorMapping(selector: selector))
    }
}

extension ObservableType where Element: ObservableType {
    /// Merges the elements of the inner observables as they arrive (see ``flatMap(_:)`` for
    /// timing).
    public func merge() -> Observable<Element.Element> {
        FlatMapObservable(source: asObservable(), mapping: IdentityMapping())
    }
}

extension Observable {
    /// Merges the elements of `sources` as they arrive.
    ///
    /// Timing: every source is subscribed at once, in order; the result completes when all have
    /// completed and fails as soon as one fails (disposing the others).
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArrayObservable(sources)
    }

    /// Merges the elements of `sources` as they arrive (see ``merge(_:)-([Observable<Element>])``).
    public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        MergeArrayObservable(Array(sources))
    }

    /// Merges the elements of the arguments as they arrive (see ``merge(_:)-([Observable<Element>])``).
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArrayObservable(sources)
    }
}

private final class FlatMapObservable<Mapping: InnerMapping>: Observable<Mapping.Result>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Mapping.Source>
    let mapping: Mapping

    init(source: Observable<Mapping.Source>, mapping: Mapping) {
        self.source = source
        self.mapping = mapping
    }

    override func subscribe(_ receiver: Receiver<Mapping.Result>) -> any Disposable {
        let sink = MergeSink(mapping: mapping, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class MergeArrayObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let sources: [Observable<Element>]
    init(_ sources: [Observable<Element>]) { self.sources = sources }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = MergeSink(mapping: IdentityMapping<Observable<Element>>(), downstream: receiver)
        for source in sources {
            if sink.isDisposed { return sink }
            sink.subscribeInner(source)
        }
        sink.onCompleted()
        return sink
    }
}

/// Receives the outer sequence and owns the inner subscriptions.
///
/// State under `lock`: `active` (inner nodes not terminated yet, by key), `outerDone`.
private final class MergeSink<Mapping: InnerMapping>: EventSerializingSink<Mapping.Source, Mapping.Result>,
    @unchecked Sendable  // state guarded by `lock`
{
    typealias Result = Mapping.Result
    let mapping: Mapping
    // Guarded by `lock`, so Swift's dynamic exclusivity checks are redundant.
    @exclusivity(unchecked) private var active: [Int: MergeInner<Mapping>] = [:]
    @exclusivity(unchecked) private var nextKey = 0
    @exclusivity(unchecked) private var outerDone = false

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
        subscribeInner(inner)
    }

    func subscribeInner(_ source: Observable<Result>) {
        let node = MergeInner(parent: self)
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        node.key = nextKey
        nextKey += 1
        active[node.key] = node
        lock.unlock()
        node.setUpstream(source.subscribe(node))
    }

    override func onError(_ error: any Error) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        failLocked(error)
    }

    override func onCompleted() {
        lock.lock()
        outerDone = true
        if !isStoppedLocked && active.isEmpty { return completeLocked() }
        lock.unlock()
    }

    func innerNext(_ element: Result) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        emitNextLocked(element)
    }

    func innerCompleted(_ node: MergeInner<Mapping>) {
        lock.lock()
        let removed = active.removeValue(forKey: node.key)
        if outerDone && active.isEmpty && !isStoppedLocked {
            completeLocked()
        } else {
            lock.unlock()
        }
        withExtendedLifetime(removed) {}  // released only now, outside the lock
    }

    override func disposeResources() {
        let nodes: [Int: MergeInner<Mapping>] = lock.withLock {
            isStoppedLocked = true
            defer { active = [:] }
            return active
        }
        for key in nodes.keys.sorted() { nodes[key]?.dispose() }
    }
}

/// One inner subscription of `MergeSink`.
private final class MergeInner<Mapping: InnerMapping>: SubscriptionNode<Mapping.Result>,
    @unchecked Sendable  // `key` is written under the parent's lock before subscribing, then only read under it
{
    let parent: MergeSink<Mapping>
    var key = 0

    init(parent: MergeSink<Mapping>) { self.parent = parent }

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
