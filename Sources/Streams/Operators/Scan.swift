// Concurrency: single upstream, so calls arrive serialized; each sink's `accumulation` is touched
// only from `onNext`, which never overlaps itself.
//
// States: accumulating (`accumulation` is the last value emitted, or the seed).

extension ObservableType {
    /// Emits each intermediate result of folding the elements into `seed` with `accumulator`,
    /// which mutates the accumulation in place; a thrown error becomes the sequence's error.
    public func scan<Accumulate>(
        into seed: Accumulate, accumulator: @escaping @Sendable (inout Accumulate, Element) throws -> Void,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Accumulate> {
        ScanObservable(source: asObservable(), seed: seed, accumulator: accumulator).inspected(
            as: "scan(into:)", file: file, line: line)
    }

    /// Emits each intermediate result of folding the elements into `seed` with `accumulator`; a
    /// thrown error becomes the sequence's error.
    public func scan<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Accumulate> {
        ScanObservable(source: asObservable(), seed: seed) { accumulation, element in
            accumulation = try accumulator(accumulation, element)
        }.inspected(as: "scan", file: file, line: line)
    }
}

private final class ScanObservable<Element, Accumulate>: Observable<Accumulate>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    let seed: Accumulate
    let accumulator: @Sendable (inout Accumulate, Element) throws -> Void

    init(
        source: Observable<Element>, seed: Accumulate,
        accumulator: @escaping @Sendable (inout Accumulate, Element) throws -> Void
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func subscribe(_ receiver: Receiver<Accumulate>) -> any Disposable {
        let sink = ScanSink(seed: seed, accumulator: accumulator, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class ScanSink<Element, Accumulate>: Sink<Element, Accumulate>,
    @unchecked Sendable  // see SubscriptionNode; `accumulation` only in serialized onNext
{
    let accumulator: @Sendable (inout Accumulate, Element) throws -> Void
    private var accumulation: Accumulate

    init(
        seed: Accumulate, accumulator: @escaping @Sendable (inout Accumulate, Element) throws -> Void,
        downstream: Receiver<Accumulate>
    ) {
        accumulation = seed
        self.accumulator = accumulator
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            try accumulator(&accumulation, element)
            forwardNext(accumulation)
        } catch {
            forwardError(error)
        }
    }
}
