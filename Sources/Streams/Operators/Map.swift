// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state.
// Memory: the sink reaches `transform` through its observable (one word) rather than holding
// the closure (two), which keeps it in a smaller malloc size class (Docs/Performance.md, M1).
//
// States: none (stateless).

extension ObservableType {
    /// Emits `transform(element)` for each element; a thrown error becomes the sequence's error.
    @inlinable
    public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Observable<Result> {
        MapObservable(source: asObservable(), transform: transform)  // inlined: see MapObservable
    }
}

/// `map`'s observable. Built by inlined code in the caller's module, where the element types are
/// usually concrete: there its metadata and its sink's come from cached accessors, while this
/// module's generic code would look each up at run time (some 300 instructions) on every `map`
/// and every subscription (Docs/Performance.md, S4).
@usableFromInline
final class MapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {  // immutable after init
    @usableFromInline let source: Observable<Source>
    @usableFromInline let transform: @Sendable (Source) throws -> Result
    @usableFromInline let sinkType: MapSink<Source, Result>.Type

    @inlinable
    init(source: Observable<Source>, transform: @escaping @Sendable (Source) throws -> Result) {
        self.source = source
        self.transform = transform
        self.sinkType = MapSink<Source, Result>.self
    }

    override func subscribe(_ receiver: Receiver<Result>) -> any Disposable {
        let sink = sinkType.init(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink as DisposableNode  // the non-generic base: boxing it needs no metadata lookup
    }
}

@usableFromInline
final class MapSink<Source, Result>: Sink<Source, Result>, @unchecked Sendable {  // see SubscriptionNode
    let parent: MapObservable<Source, Result>

    required init(parent: MapObservable<Source, Result>, downstream: Receiver<Result>) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            // `parent` lives as long as this sink, so the closure is called without retaining it.
            let result = try Unmanaged.passUnretained(parent)._withUnsafeGuaranteedRef { try $0.transform(element) }
            forwardNext(result)
        } catch {
            forwardError(error)
        }
    }
}
