// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state.
//
// States: none (stateless).

extension ObservableType {
    /// Emits the non-`nil` results of `transform(element)`; a thrown error becomes the sequence's error.
    public func compactMap<Result>(
        _ transform: @escaping @Sendable (Element) throws -> Result?
    ) -> Observable<Result> {
        CompactMapObservable(source: asObservable(), transform: transform)
    }
}

private final class CompactMapObservable<Source, Result>: Observable<Result>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Source>
    let transform: @Sendable (Source) throws -> Result?

    init(source: Observable<Source>, transform: @escaping @Sendable (Source) throws -> Result?) {
        self.source = source
        self.transform = transform
    }

    override func subscribe(_ receiver: Receiver<Result>) -> any Disposable {
        let sink = CompactMapSink(transform: transform, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class CompactMapSink<Source, Result>: Sink<Source, Result>, @unchecked Sendable {  // see SubscriptionNode
    let transform: @Sendable (Source) throws -> Result?

    init(transform: @escaping @Sendable (Source) throws -> Result?, downstream: Receiver<Result>) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            if let result = try transform(element) { forwardNext(result) }
        } catch {
            forwardError(error)
        }
    }
}
