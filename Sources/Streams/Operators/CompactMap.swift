// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state.
//
// States: none (stateless).

extension ObservableType {
    /// Emits the non-`nil` results of `transform(element)`; a thrown error becomes the sequence's error.
    public func compactMap<Result>(
        _ transform: @escaping @Sendable (Element) throws -> Result?, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> {
        lift(ClosureOperator { CompactMapSink(transform: transform, downstream: $0) }).inspected(
            as: "compactMap", file: file, line: line)
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
