// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state.
// Memory: the sink reaches `transform` through its observable (one word) rather than holding
// the closure (two), which keeps it in a smaller malloc size class (Docs/Performance.md, M1).
//
// States: none (stateless).

extension ObservableType {
    /// Emits `transform(element)` for each element; a thrown error becomes the sequence's error.
    public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Observable<Result> {
        MapObservable(source: asObservable(), transform: transform)
    }
}

private final class MapObservable<Source, Result>: Observable<Result>, @unchecked Sendable {  // immutable after init
    let source: Observable<Source>
    let transform: @Sendable (Source) throws -> Result

    init(source: Observable<Source>, transform: @escaping @Sendable (Source) throws -> Result) {
        self.source = source
        self.transform = transform
    }

    override func subscribe(_ receiver: Receiver<Result>) -> any Disposable {
        let sink = MapSink(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class MapSink<Source, Result>: Sink<Source, Result>, @unchecked Sendable {  // see SubscriptionNode
    let parent: MapObservable<Source, Result>

    init(parent: MapObservable<Source, Result>, downstream: Receiver<Result>) {
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
