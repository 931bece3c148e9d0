// Concurrency: every source may call in from its own thread. `CombineLatestSink` keeps the
// bookkeeping (which sources have a value, which are done) and each side's latest value behind
// the `SerializingSink` lock. When a source emits, the values are copied under the lock and
// queued; the result selector runs in the serialized delivery, outside the lock, so results reach
// downstream in the order the values were combined and never overlap.
//
// Timing (RxSwift 6): all sources are subscribed at subscription, in order. Once every source has
// emitted, each element from any source emits a result. The result completes when every source
// has completed, or at once when a source emits while all others completed without all having
// emitted (no result can ever come). The first error fails it. A thrown selector error fails it.
// Disposal disposes every source subscription.

extension Observable {
    /// Emits `resultSelector` of the latest elements whenever a source emits, once all have
    /// emitted; completes when all complete, fails when one fails (see the file header).
    ///
    /// An empty collection completes at once.
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        CombineLatestCollectionObservable(
            collection.map { $0.asObservable() }, projection: ArrayProjection(selector: resultSelector))
    }

    /// Emits arrays of the latest elements whenever a source emits, once all have emitted
    /// (see ``combineLatest(_:resultSelector:)``).
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        CombineLatestCollectionObservable(collection.map { $0.asObservable() }, projection: IdentityProjection())
    }
}

/// The state machine shared by every arity.
///
/// State under `lock`: `hasValue`, `isDone`, `valueCount`, `doneCount`, and the sides' values.
class CombineLatestSink<P: ValuesProjection>: ProjectingSink<Never, P>,
    @unchecked Sendable  // state guarded by `lock`
{
    let arity: Int
    private var hasValue: [Bool]
    private var isDone: [Bool]
    private var valueCount = 0
    private var doneCount = 0

    init(projection: P, arity: Int, downstream: Receiver<P.Result>) {
        self.arity = arity
        hasValue = Array(repeating: false, count: arity)
        isDone = Array(repeating: false, count: arity)
        super.init(projection: projection, downstream: downstream)
    }

    /// The latest values of all sides; called with `lock` held, only once all have a value.
    func valuesLocked() -> P.Values { preconditionFailure("abstract") }

    /// Called with `lock` held after side `index` stored a value; returns with it released.
    final func nextLocked(at index: Int) {
        if isStoppedLocked { return lock.unlock() }
        if !hasValue[index] {
            hasValue[index] = true
            valueCount += 1
        }
        if valueCount == arity { return emitNextLocked(valuesLocked()) }
        if doneCount - (isDone[index] ? 1 : 0) == arity - 1 { return completeLocked() }
        lock.unlock()
    }

    /// Called with `lock` held when side `index` completed; returns with it released.
    final func completedLocked(at index: Int) {
        if isStoppedLocked || isDone[index] { return lock.unlock() }
        isDone[index] = true
        doneCount += 1
        if doneCount == arity { return completeLocked() }
        lock.unlock()
    }

    /// Called with `lock` held when a side failed; returns with it released.
    final func errorLocked(_ error: any Error) {
        if isStoppedLocked { return lock.unlock() }
        failLocked(error)
    }
}

/// The subscription to one source; `latest` is guarded by the parent's lock.
final class CombineLatestSide<Element, P: ValuesProjection>: SubscriptionNode<Element>,
    @unchecked Sendable  // `latest` guarded by the parent's lock
{
    let parent: CombineLatestSink<P>
    let index: Int
    var latest: Element?

    init(parent: CombineLatestSink<P>, index: Int) {
        self.parent = parent
        self.index = index
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        parent.lock.lock()
        let replaced = latest
        latest = element
        parent.nextLocked(at: index)
        withExtendedLifetime(replaced) {}  // released only now, outside the lock
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.lock.lock()
        parent.errorLocked(error)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.lock.lock()
        parent.completedLocked(at: index)
    }
}

// MARK: Collection

private final class CombineLatestCollectionObservable<Element, P: ValuesProjection>: Observable<P.Result>,
    @unchecked Sendable  // immutable after init
where P.Values == [Element] {
    let sources: [Observable<Element>]
    let projection: P

    init(_ sources: [Observable<Element>], projection: P) {
        self.sources = sources
        self.projection = projection
    }

    override func subscribe(_ receiver: Receiver<P.Result>) -> any Disposable {
        let sink = CombineLatestCollectionSink<Element, P>(
            projection: projection, arity: sources.count, downstream: receiver)
        sink.run(sources)
        return sink
    }
}

private final class CombineLatestCollectionSink<Element, P: ValuesProjection>: CombineLatestSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == [Element] {
    private var sides: [CombineLatestSide<Element, P>] = []

    override func valuesLocked() -> P.Values { sides.map { $0.latest! } }

    func run(_ sources: [Observable<Element>]) {
        if sources.isEmpty { return forwardCompleted() }
        var nodes: [CombineLatestSide<Element, P>] = []
        nodes.reserveCapacity(sources.count)
        for index in sources.indices { nodes.append(CombineLatestSide(parent: self, index: index)) }
        lock.withLock { sides = nodes }
        for (node, source) in zip(nodes, sources) { node.setUpstream(source.subscribe(node)) }
    }

    override func disposeResources() {
        let nodes: [CombineLatestSide<Element, P>] = lock.withLock {
            isStoppedLocked = true
            defer { sides = [] }
            return sides
        }
        for node in nodes { node.dispose() }
    }
}

// MARK: Fixed arities (generated shape, one block per arity)

extension Observable {
    /// Emits `resultSelector` of the latest elements whenever a source emits, once all have
    /// emitted; completes when all complete, fails when one fails (see the file header).
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest2Observable(
            source1.asObservable(), source2.asObservable(), projection: Projection2(selector: resultSelector))
    }

    /// Emits `resultSelector` of the latest elements whenever a source emits, once all have
    /// emitted; completes when all complete, fails when one fails (see the file header).
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest3Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(),
            projection: Projection3(selector: resultSelector))
    }

    /// Emits `resultSelector` of the latest elements whenever a source emits, once all have
    /// emitted; completes when all complete, fails when one fails (see the file header).
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        CombineLatest4Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            projection: Projection4(selector: resultSelector))
    }
}

extension Observable where Element == Any {
    /// Emits tuples of the sources' latest elements (see the file header for timing).
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        CombineLatest2Observable(source1.asObservable(), source2.asObservable(), projection: IdentityProjection())
    }

    /// Emits tuples of the sources' latest elements (see the file header for timing).
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        CombineLatest3Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), projection: IdentityProjection())
    }

    /// Emits tuples of the sources' latest elements (see the file header for timing).
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        CombineLatest4Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            projection: IdentityProjection())
    }
}

private final class CombineLatest2Observable<A, B, P: ValuesProjection>: Observable<P.Result>,
    @unchecked Sendable  // immutable after init
where P.Values == (A, B) {
    let source1: Observable<A>
    let source2: Observable<B>
    let projection: P

    init(_ source1: Observable<A>, _ source2: Observable<B>, projection: P) {
        self.source1 = source1
        self.source2 = source2
        self.projection = projection
    }

    override func subscribe(_ receiver: Receiver<P.Result>) -> any Disposable {
        let sink = CombineLatest2Sink<A, B, P>(projection: projection, arity: 2, downstream: receiver)
        sink.run(source1, source2)
        return sink
    }
}

private final class CombineLatest2Sink<A, B, P: ValuesProjection>: CombineLatestSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == (A, B) {
    private var side1: CombineLatestSide<A, P>?
    private var side2: CombineLatestSide<B, P>?

    override func valuesLocked() -> P.Values { (side1!.latest!, side2!.latest!) }

    func run(_ source1: Observable<A>, _ source2: Observable<B>) {
        let node1 = CombineLatestSide<A, P>(parent: self, index: 0)
        let node2 = CombineLatestSide<B, P>(parent: self, index: 1)
        lock.withLock {
            side1 = node1
            side2 = node2
        }
        node1.setUpstream(source1.subscribe(node1))
        node2.setUpstream(source2.subscribe(node2))
    }

    override func disposeResources() {
        let nodes = lock.withLock {
            isStoppedLocked = true
            defer {
                side1 = nil
                side2 = nil
            }
            return (side1, side2)
        }
        nodes.0?.dispose()
        nodes.1?.dispose()
    }
}

private final class CombineLatest3Observable<A, B, C, P: ValuesProjection>: Observable<P.Result>,
    @unchecked Sendable  // immutable after init
where P.Values == (A, B, C) {
    let source1: Observable<A>
    let source2: Observable<B>
    let source3: Observable<C>
    let projection: P

    init(_ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>, projection: P) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.projection = projection
    }

    override func subscribe(_ receiver: Receiver<P.Result>) -> any Disposable {
        let sink = CombineLatest3Sink<A, B, C, P>(projection: projection, arity: 3, downstream: receiver)
        sink.run(source1, source2, source3)
        return sink
    }
}

private final class CombineLatest3Sink<A, B, C, P: ValuesProjection>: CombineLatestSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == (A, B, C) {
    private var side1: CombineLatestSide<A, P>?
    private var side2: CombineLatestSide<B, P>?
    private var side3: CombineLatestSide<C, P>?

    override func valuesLocked() -> P.Values { (side1!.latest!, side2!.latest!, side3!.latest!) }

    func run(_ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>) {
        let node1 = CombineLatestSide<A, P>(parent: self, index: 0)
        let node2 = CombineLatestSide<B, P>(parent: self, index: 1)
        let node3 = CombineLatestSide<C, P>(parent: self, index: 2)
        lock.withLock {
            side1 = node1
            side2 = node2
            side3 = node3
        }
        node1.setUpstream(source1.subscribe(node1))
        node2.setUpstream(source2.subscribe(node2))
        node3.setUpstream(source3.subscribe(node3))
    }

    override func disposeResources() {
        let nodes = lock.withLock {
            isStoppedLocked = true
            defer {
                side1 = nil
                side2 = nil
                side3 = nil
            }
            return (side1, side2, side3)
        }
        nodes.0?.dispose()
        nodes.1?.dispose()
        nodes.2?.dispose()
    }
}

private final class CombineLatest4Observable<A, B, C, D, P: ValuesProjection>: Observable<P.Result>,
    @unchecked Sendable  // immutable after init
where P.Values == (A, B, C, D) {
    let source1: Observable<A>
    let source2: Observable<B>
    let source3: Observable<C>
    let source4: Observable<D>
    let projection: P

    init(
        _ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>, _ source4: Observable<D>,
        projection: P
    ) {
        self.source1 = source1
        self.source2 = source2
        self.source3 = source3
        self.source4 = source4
        self.projection = projection
    }

    override func subscribe(_ receiver: Receiver<P.Result>) -> any Disposable {
        let sink = CombineLatest4Sink<A, B, C, D, P>(projection: projection, arity: 4, downstream: receiver)
        sink.run(source1, source2, source3, source4)
        return sink
    }
}

private final class CombineLatest4Sink<A, B, C, D, P: ValuesProjection>: CombineLatestSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == (A, B, C, D) {
    private var side1: CombineLatestSide<A, P>?
    private var side2: CombineLatestSide<B, P>?
    private var side3: CombineLatestSide<C, P>?
    private var side4: CombineLatestSide<D, P>?

    override func valuesLocked() -> P.Values { (side1!.latest!, side2!.latest!, side3!.latest!, side4!.latest!) }

    func run(_ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>, _ source4: Observable<D>) {
        let node1 = CombineLatestSide<A, P>(parent: self, index: 0)
        let node2 = CombineLatestSide<B, P>(parent: self, index: 1)
        let node3 = CombineLatestSide<C, P>(parent: self, index: 2)
        let node4 = CombineLatestSide<D, P>(parent: self, index: 3)
        lock.withLock {
            side1 = node1
            side2 = node2
            side3 = node3
            side4 = node4
        }
        node1.setUpstream(source1.subscribe(node1))
        node2.setUpstream(source2.subscribe(node2))
        node3.setUpstream(source3.subscribe(node3))
        node4.setUpstream(source4.subscribe(node4))
    }

    override func disposeResources() {
        let nodes = lock.withLock {
            isStoppedLocked = true
            defer {
                side1 = nil
                side2 = nil
                side3 = nil
                side4 = nil
            }
            return (side1, side2, side3, side4)
        }
        nodes.0?.dispose()
        nodes.1?.dispose()
        nodes.2?.dispose()
        nodes.3?.dispose()
    }
}
