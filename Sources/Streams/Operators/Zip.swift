// Concurrency: every source may call in from its own thread. `ZipSink` keeps each side's queue
// of unpaired elements and the done flags behind the `SerializingSink` lock. When every queue has
// an element, one element is taken from each under the lock and queued for delivery; the result
// selector runs in the serialized delivery, outside the lock, so results keep their order and
// never overlap.
//
// Timing (RxSwift 6): all sources are subscribed at subscription, in order. The n-th result is
// emitted when the last source emits its n-th element. The result completes when every source has
// completed (elements left unpaired are dropped), fails on the first error or a thrown selector
// error, and disposal disposes every source subscription.

extension Observable {
    /// Emits `resultSelector` of the sources' n-th elements once all have emitted their n-th;
    /// completes when all complete, fails when one fails (see the file header).
    ///
    /// An empty collection completes at once.
    public static func zip<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        ZipCollectionObservable(
            collection.map { $0.asObservable() }, projection: ArrayProjection(selector: resultSelector))
    }

    /// Emits arrays of the sources' n-th elements (see ``zip(_:resultSelector:)``).
    public static func zip<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        ZipCollectionObservable(collection.map { $0.asObservable() }, projection: IdentityProjection())
    }
}

/// The state machine shared by every arity.
///
/// State under `lock`: `isDone`, `doneCount`, and the sides' queues.
class ZipSink<P: ValuesProjection>: ProjectingSink<Never, P>,
    @unchecked Sendable  // state guarded by `lock`
{
    let arity: Int
    private var isDone: [Bool]
    private var doneCount = 0

    init(projection: P, arity: Int, downstream: Receiver<P.Result>) {
        self.arity = arity
        isDone = Array(repeating: false, count: arity)
        super.init(projection: projection, downstream: downstream)
    }

    /// Whether every side has an unpaired element; called with `lock` held.
    func allHaveElementsLocked() -> Bool { preconditionFailure("abstract") }
    /// Takes the oldest element of every side; called with `lock` held.
    func dequeueLocked() -> P.Values { preconditionFailure("abstract") }

    /// Called with `lock` held after a side queued an element; returns with it released.
    final func nextLocked() {
        if isStoppedLocked || !allHaveElementsLocked() { return lock.unlock() }
        emitNextLocked(dequeueLocked())
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

/// The subscription to one source; its queue is guarded by the parent's lock.
final class ZipSide<Element, P: ValuesProjection>: SubscriptionNode<Element>,
    @unchecked Sendable  // `queue`/`head` guarded by the parent's lock
{
    let parent: ZipSink<P>
    let index: Int
    private var queue: [Element?] = []
    private var head = 0

    init(parent: ZipSink<P>, index: Int) {
        self.parent = parent
        self.index = index
    }

    /// Whether an unpaired element is waiting (call with the parent's lock held).
    var hasElements: Bool { head < queue.count }

    /// Takes the oldest unpaired element (call with the parent's lock held).
    func dequeue() -> Element {
        let element = queue[head].take()!
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: queue.count <= 64)
            head = 0
        }
        return element
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        parent.lock.lock()
        queue.append(element)
        parent.nextLocked()
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

private final class ZipCollectionObservable<Element, P: ValuesProjection>: Observable<P.Result>,
    @unchecked Sendable  // immutable after init
where P.Values == [Element] {
    let sources: [Observable<Element>]
    let projection: P

    init(_ sources: [Observable<Element>], projection: P) {
        self.sources = sources
        self.projection = projection
    }

    override func subscribe(_ receiver: Receiver<P.Result>) -> any Disposable {
        let sink = ZipCollectionSink<Element, P>(projection: projection, arity: sources.count, downstream: receiver)
        sink.run(sources)
        return sink
    }
}

private final class ZipCollectionSink<Element, P: ValuesProjection>: ZipSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == [Element] {
    private var sides: [ZipSide<Element, P>] = []

    override func allHaveElementsLocked() -> Bool { sides.allSatisfy { $0.hasElements } }
    override func dequeueLocked() -> P.Values { sides.map { $0.dequeue() } }

    func run(_ sources: [Observable<Element>]) {
        if sources.isEmpty { return forwardCompleted() }
        var nodes: [ZipSide<Element, P>] = []
        nodes.reserveCapacity(sources.count)
        for index in sources.indices { nodes.append(ZipSide(parent: self, index: index)) }
        lock.withLock { sides = nodes }
        for (node, source) in zip(nodes, sources) { node.setUpstream(source.subscribe(node)) }
    }

    override func disposeResources() {
        let nodes: [ZipSide<Element, P>] = lock.withLock {
            isStoppedLocked = true
            defer { sides = [] }
            return sides
        }
        for node in nodes { node.dispose() }
    }
}

// MARK: Fixed arities (generated shape, one block per arity)

extension Observable {
    /// Emits `resultSelector` of the sources' n-th elements once all have emitted their n-th;
    /// completes when all complete, fails when one fails (see the file header).
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        Zip2Observable(
            source1.asObservable(), source2.asObservable(), projection: Projection2(selector: resultSelector))
    }

    /// Emits `resultSelector` of the sources' n-th elements once all have emitted their n-th;
    /// completes when all complete, fails when one fails (see the file header).
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        Zip3Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(),
            projection: Projection3(selector: resultSelector))
    }

    /// Emits `resultSelector` of the sources' n-th elements once all have emitted their n-th;
    /// completes when all complete, fails when one fails (see the file header).
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping @Sendable (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        Zip4Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            projection: Projection4(selector: resultSelector))
    }
}

extension Observable where Element == Any {
    /// Emits tuples of the sources' elements, paired by index (see the file header for timing).
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2
    ) -> Observable<(O1.Element, O2.Element)> {
        Zip2Observable(source1.asObservable(), source2.asObservable(), projection: IdentityProjection())
    }

    /// Emits tuples of the sources' elements, paired by index (see the file header for timing).
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> {
        Zip3Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), projection: IdentityProjection())
    }

    /// Emits tuples of the sources' elements, paired by index (see the file header for timing).
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)> {
        Zip4Observable(
            source1.asObservable(), source2.asObservable(), source3.asObservable(), source4.asObservable(),
            projection: IdentityProjection())
    }
}

private final class Zip2Observable<A, B, P: ValuesProjection>: Observable<P.Result>,
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
        let sink = Zip2Sink<A, B, P>(projection: projection, arity: 2, downstream: receiver)
        sink.run(source1, source2)
        return sink
    }
}

private final class Zip2Sink<A, B, P: ValuesProjection>: ZipSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == (A, B) {
    private var side1: ZipSide<A, P>?
    private var side2: ZipSide<B, P>?

    override func allHaveElementsLocked() -> Bool { side1!.hasElements && side2!.hasElements }
    override func dequeueLocked() -> P.Values { (side1!.dequeue(), side2!.dequeue()) }

    func run(_ source1: Observable<A>, _ source2: Observable<B>) {
        let node1 = ZipSide<A, P>(parent: self, index: 0)
        let node2 = ZipSide<B, P>(parent: self, index: 1)
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

private final class Zip3Observable<A, B, C, P: ValuesProjection>: Observable<P.Result>,
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
        let sink = Zip3Sink<A, B, C, P>(projection: projection, arity: 3, downstream: receiver)
        sink.run(source1, source2, source3)
        return sink
    }
}

private final class Zip3Sink<A, B, C, P: ValuesProjection>: ZipSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == (A, B, C) {
    private var side1: ZipSide<A, P>?
    private var side2: ZipSide<B, P>?
    private var side3: ZipSide<C, P>?

    override func allHaveElementsLocked() -> Bool { side1!.hasElements && side2!.hasElements && side3!.hasElements }
    override func dequeueLocked() -> P.Values { (side1!.dequeue(), side2!.dequeue(), side3!.dequeue()) }

    func run(_ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>) {
        let node1 = ZipSide<A, P>(parent: self, index: 0)
        let node2 = ZipSide<B, P>(parent: self, index: 1)
        let node3 = ZipSide<C, P>(parent: self, index: 2)
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

private final class Zip4Observable<A, B, C, D, P: ValuesProjection>: Observable<P.Result>,
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
        let sink = Zip4Sink<A, B, C, D, P>(projection: projection, arity: 4, downstream: receiver)
        sink.run(source1, source2, source3, source4)
        return sink
    }
}

private final class Zip4Sink<A, B, C, D, P: ValuesProjection>: ZipSink<P>,
    @unchecked Sendable  // sides guarded by `lock`
where P.Values == (A, B, C, D) {
    private var side1: ZipSide<A, P>?
    private var side2: ZipSide<B, P>?
    private var side3: ZipSide<C, P>?
    private var side4: ZipSide<D, P>?

    override func allHaveElementsLocked() -> Bool {
        side1!.hasElements && side2!.hasElements && side3!.hasElements && side4!.hasElements
    }
    override func dequeueLocked() -> P.Values {
        (side1!.dequeue(), side2!.dequeue(), side3!.dequeue(), side4!.dequeue())
    }

    func run(_ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>, _ source4: Observable<D>) {
        let node1 = ZipSide<A, P>(parent: self, index: 0)
        let node2 = ZipSide<B, P>(parent: self, index: 1)
        let node3 = ZipSide<C, P>(parent: self, index: 2)
        let node4 = ZipSide<D, P>(parent: self, index: 3)
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
