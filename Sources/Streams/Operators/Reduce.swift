// Concurrency: single upstream, so calls arrive serialized; each sink's `accumulation` is touched
// only from `onNext` and `onCompleted`, which never overlap.
//
// States: accumulating (`accumulation`); ended (completion emitted the mapped result, then
// completed; or an error passed).

extension ObservableType {
    /// Folds the elements into `seed` with `accumulator` and, when the source completes, emits
    /// `mapResult(accumulation)` and completes; a thrown error becomes the sequence's error.
    ///
    /// Timing: nothing is emitted before the source completes; a source error is forwarded as is.
    public func reduce<Accumulate, Result>(
        _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping @Sendable (Accumulate) throws -> Result
    ) -> Observable<Result> {
        ReduceObservable(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
    }

    /// Folds the elements into `seed` with `accumulator` and emits the result when the source
    /// completes; a thrown error becomes the sequence's error.
    ///
    /// Timing: nothing is emitted before the source completes; a source error is forwarded as is.
    public func reduce<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        ReduceObservable(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

private final class ReduceObservable<Element, Accumulate, Result>: Observable<Result>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    let seed: Accumulate
    let accumulator: @Sendable (Accumulate, Element) throws -> Accumulate
    let mapResult: @Sendable (Accumulate) throws -> Result

    init(
        source: Observable<Element>, seed: Accumulate,
        accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping @Sendable (Accumulate) throws -> Result
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func subscribe(_ receiver: Receiver<Result>) -> any Disposable {
        let sink = ReduceSink(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class ReduceSink<Element, Accumulate, Result>: Sink<Element, Result>,
    @unchecked Sendable  // see SubscriptionNode; `accumulation` only in serialized events
{
    let parent: ReduceObservable<Element, Accumulate, Result>
    private var accumulation: Accumulate

    init(parent: ReduceObservable<Element, Accumulate, Result>, downstream: Receiver<Result>) {
        self.parent = parent
        accumulation = parent.seed
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            accumulation = try parent.accumulator(accumulation, element)
        } catch {
            forwardError(error)
        }
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        do {
            forwardNext(try parent.mapResult(accumulation))
            forwardCompleted()
        } catch {
            forwardError(error)
        }
    }
}
