// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state.

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
        let sink = MapSink(transform: transform, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class MapSink<Source, Result>: Sink<Source, Result>, @unchecked Sendable {  // see SubscriptionNode
    let transform: @Sendable (Source) throws -> Result

    init(transform: @escaping @Sendable (Source) throws -> Result, downstream: Receiver<Result>) {
        self.transform = transform
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
        }
    }

    override func onError(_ error: any Error) { forwardError(error) }
    override func onCompleted() { forwardCompleted() }
}
