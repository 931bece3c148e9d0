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
        mapResult: @escaping @Sendable (Accumulate) throws -> Result, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> {
        lift(Reduce(seed: seed, accumulator: accumulator, mapResult: mapResult)).inspected(
            as: "reduce", file: file, line: line)
    }

    /// Folds the elements into `seed` with `accumulator` and emits the result when the source
    /// completes; a thrown error becomes the sequence's error.
    ///
    /// Timing: nothing is emitted before the source completes; a source error is forwarded as is.
    public func reduce<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Accumulate> {
        lift(Reduce(seed: seed, accumulator: accumulator, mapResult: { $0 })).inspected(
            as: "reduce", file: file, line: line)
    }
}

/// The operator: the seed and the two closures, shared by every subscription's sink.
private struct Reduce<Element, Accumulate, Result>: SinkMaking {
    let seed: Accumulate
    let accumulator: @Sendable (Accumulate, Element) throws -> Accumulate
    let mapResult: @Sendable (Accumulate) throws -> Result

    func makeSink(downstream: Receiver<Result>) -> Sink<Element, Result> {
        ReduceSink(operation: self, downstream: downstream)
    }
}

private final class ReduceSink<Element, Accumulate, Result>: Sink<Element, Result>,
    @unchecked Sendable  // see SubscriptionNode; `accumulation` only in serialized events
{
    let operation: Reduce<Element, Accumulate, Result>
    private var accumulation: Accumulate

    init(operation: Reduce<Element, Accumulate, Result>, downstream: Receiver<Result>) {
        self.operation = operation
        accumulation = operation.seed
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            accumulation = try operation.accumulator(accumulation, element)
        } catch {
            forwardError(error)
        }
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        do {
            forwardNext(try operation.mapResult(accumulation))
            forwardCompleted()
        } catch {
            forwardError(error)
        }
    }
}
