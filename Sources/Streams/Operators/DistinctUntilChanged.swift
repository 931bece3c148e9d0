// Concurrency: single upstream, so calls arrive serialized; each subscription's `last` is touched
// only from `onNext`, which never overlaps itself.
// Fusion: `distinctUntilChanged()` is a pipeline stage (Engine/Pipelines/Pipeline.swift) whose state, the
// last element, lives in the pipeline; the keyed and comparing forms share one sink, which compares
// keys with a closure (`==` for the keyed form).
//
// States: first (nothing passed yet: `last` is empty); comparing (`last` holds the key of the last
// element that passed).

extension ObservableType where Element: Equatable {
    /// Emits an element only when it differs (`!=`) from the previous one that passed through.
    @inlinable
    public func distinctUntilChanged(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        EquatableDistinctObservable<Element, Element?>(source: asObservable()).inspected(
            as: "distinctUntilChanged", file: file, line: line)  // inlined: see MapObservable
    }
}

extension ObservableType {
    /// Emits an element only when `keySelector(element)` differs from the previous element's key.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping @Sendable (Element) throws -> Key, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        ComparingDistinctObservable(source: asObservable(), key: keySelector, comparer: ==).inspected(
            as: "distinctUntilChanged", file: file, line: line)
    }

    /// Emits an element only when the value at `keyPath` differs from the previous element's.
    public func distinctUntilChanged<Property: Equatable & Sendable>(
        at keyPath: any KeyPath<Element, Property> & Sendable, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        distinctUntilChanged({ (element: Element) in element[keyPath: keyPath] }, file: file, line: line)
    }

    /// Emits an element only when `comparer(previous, element)` returns `false`.
    public func distinctUntilChanged(
        _ comparer: @escaping @Sendable (Element, Element) throws -> Bool, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        ComparingDistinctObservable(source: asObservable(), key: { $0 }, comparer: comparer).inspected(
            as: "distinctUntilChanged", file: file, line: line)
    }

    /// Emits an element only when `comparer` finds its key different from the previous key.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping @Sendable (Element) throws -> Key,
        comparer: @escaping @Sendable (Key, Key) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        ComparingDistinctObservable(source: asObservable(), key: keySelector, comparer: comparer).inspected(
            as: "distinctUntilChanged", file: file, line: line)
    }
}

/// `distinctUntilChanged()`'s observable and pipeline stage, built by inlined code in the caller's
/// module (see ``MapObservable``). Its state is a `Slot`, the last element that passed.
///
/// `Slot` is always `Element?`. Taking it as a generic parameter puts its type metadata in the
/// class metadata: running unspecialized (the app is another module), an `Element?` cost a
/// runtime metadata lookup for `Optional<Element>` on every element.
@usableFromInline
final class EquatableDistinctObservable<Element, Slot: DistinctSlot>: StageObservable<Element, Element>,
    @unchecked Sendable  // immutable after init
where Slot.Value == Element {
    @inlinable
    init(source: Observable<Element>) {
        super.init(source: source, pipelineType: StagePipeline<Element>.self)
    }

    // `Slot`'s metadata is in the class metadata: its layout costs no lookup.
    override var stateLayout: (size: Int, alignment: Int)? { (MemoryLayout<Slot>.size, MemoryLayout<Slot>.alignment) }

    override func initializeState(_ state: UnsafeMutableRawPointer) {
        state.initializeMemory(as: Slot.self, repeating: .empty, count: 1)
    }

    override func deinitializeState(_ state: UnsafeMutableRawPointer) {
        state.assumingMemoryBound(to: Slot.self).deinitialize(count: 1)
    }

    override func runStage<Input>(_ element: Element, in pipeline: Pipeline<Input, Element>, at index: Int) throws {
        // A pipeline has at most one stateful stage, so the state is this stage's.
        if pipeline.state.assumingMemoryBound(to: Slot.self).pointee.replace(with: element) {
            try pipeline.push(element, after: index)
        }
    }
}

// Unchecked Sendable: immutable after init. `comparer` is the caller's `@Sendable` closure or `==`,
// which cannot be `@Sendable` for a generic key until Swift 6.2 (`SendableMetatype`).
private final class ComparingDistinctObservable<Element, Key>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let key: @Sendable (Element) throws -> Key
    let comparer: (Key, Key) throws -> Bool

    init(
        source: Observable<Element>, key: @escaping @Sendable (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) {
        self.source = source
        self.key = key
        self.comparer = comparer
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = ComparingDistinctSink(key: key, comparer: comparer, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

// Unchecked Sendable: see SubscriptionNode; `last` only in serialized onNext
/// Compares keys with a comparer closure (`==` for the keyed form).
private final class ComparingDistinctSink<Element, Key>: Sink<Element, Element>, @unchecked Sendable {
    let key: @Sendable (Element) throws -> Key
    let comparer: (Key, Key) throws -> Bool
    private var last: Key?

    init(
        key: @escaping @Sendable (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool,
        downstream: Receiver<Element>
    ) {
        self.key = key
        self.comparer = comparer
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            let current = try key(element)
            if let last, try comparer(last, current) { return }
            last = current
            forwardNext(element)
        } catch {
            forwardError(error)
        }
    }
}

/// The last element `distinctUntilChanged()` let through (its pipeline state); `Optional` is the
/// one conformer.
@usableFromInline
protocol DistinctSlot {
    associatedtype Value: Equatable
    /// No element yet.
    static var empty: Self { get }
    /// Stores `value`; returns `false` if it equals the stored element.
    mutating func replace(with value: Value) -> Bool
}

extension Optional: DistinctSlot where Wrapped: Equatable {
    @usableFromInline static var empty: Self { nil }

    @usableFromInline mutating func replace(with value: Wrapped) -> Bool {
        if let stored = self, stored == value { return false }
        self = value
        return true
    }
}
