// Timing (RxSwift 6): the first element (of those passing `predicate`) is emitted at once; a
// second one fails the result with `StreamsError.moreThanOneElement` at that moment (unsubscribing
// from the source). The source's completion completes the result if an element was emitted,
// otherwise fails it with `StreamsError.noElements`. A throwing predicate fails the result.
//
// States: empty (no element yet); seen (one element emitted); stopped (engine). Single
// upstream, so the flag needs no lock.

extension ObservableType {
    /// Emits the source's only element; fails if the source has none or more than one.
    ///
    /// Timing: the element is emitted as it arrives; a second element fails the result with
    /// ``StreamsError/moreThanOneElement`` at once; completion without an element fails it with
    /// ``StreamsError/noElements``.
    public func single(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        lift(SingleElement<Element>(predicate: nil)).inspected(as: "single", file: file, line: line)
    }

    /// Emits the only element for which `predicate` returns `true`; fails if there is none or
    /// more than one. A thrown error fails the result.
    ///
    /// Timing: as ``single(file:line:)``, counting only the elements that pass `predicate`.
    public func single(
        _ predicate: @escaping @Sendable (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        lift(SingleElement<Element>(predicate: predicate)).inspected(as: "single", file: file, line: line)
    }
}

private struct SingleElement<Element>: SinkMaking {
    let predicate: (@Sendable (Element) throws -> Bool)?

    func makeSink(downstream: Receiver<Element>) -> Sink<Element, Element> {
        SingleElementSink(predicate: predicate, downstream: downstream)
    }
}

private final class SingleElementSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `seen` only in serialized events
{
    private let predicate: (@Sendable (Element) throws -> Bool)?
    private var seen = false

    init(predicate: (@Sendable (Element) throws -> Bool)?, downstream: Receiver<Element>) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            if let predicate, try !predicate(element) { return }
        } catch {
            return forwardError(error)
        }
        guard !seen else { return forwardError(StreamsError.moreThanOneElement) }
        seen = true
        forwardNext(element)
    }

    override func onCompleted() {
        if seen { forwardCompleted() } else { forwardError(StreamsError.noElements) }
    }
}
