// Concurrency: single upstream, so calls arrive serialized. The object is held weakly by the
// operator value (a `weak var`, set once when it is made); each element upgrades it to a strong
// reference for the duration of one `resultSelector` call. No other state.
//
// States: none (stateless): once the object is gone, the next element completes the sequence.

extension ObservableType {
    /// Emits `resultSelector((object, element))` for each element while `object` is alive, holding
    /// `object` weakly; once it has been deallocated, the next element completes the sequence.
    ///
    /// Timing: completion (and disposal of the source subscription) happens at the first element
    /// that finds `object` gone, not at the moment it is deallocated.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping @Sendable ((Object, Element)) -> Out, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Out> {
        lift(WithUnretained(object: obj, resultSelector: resultSelector)).inspected(
            as: "withUnretained", file: file, line: line)
    }

    /// Emits `(object, element)` for each element while `object` is alive, holding `object`
    /// weakly; once it has been deallocated, the next element completes the sequence.
    ///
    /// Timing: as ``withUnretained(_:resultSelector:file:line:)``.
    public func withUnretained<Object: AnyObject>(_ obj: Object, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<(Object, Element)>
    {
        lift(WithUnretained(object: obj) { $0 }).inspected(as: "withUnretained", file: file, line: line)
    }
}

/// The operator: the object, held weakly, and the selector, shared by every subscription's sink.
private struct WithUnretained<Element, Object: AnyObject, Out>: SinkMaking {
    weak var object: Object?
    let resultSelector: @Sendable ((Object, Element)) -> Out

    func makeSink(downstream: Receiver<Out>) -> Sink<Element, Out> {
        WithUnretainedSink(operation: self, downstream: downstream)
    }
}

private final class WithUnretainedSink<Element, Object: AnyObject, Out>: Sink<Element, Out>,
    @unchecked Sendable  // see SubscriptionNode
{
    let operation: WithUnretained<Element, Object, Out>

    init(operation: WithUnretained<Element, Object, Out>, downstream: Receiver<Out>) {
        self.operation = operation
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        guard let object = operation.object else { return forwardCompleted() }
        forwardNext(operation.resultSelector((object, element)))
    }
}
