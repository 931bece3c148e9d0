// Concurrency: single upstream, so calls arrive serialized; each sink's `remaining` is touched only
// from `onNext`, which never overlaps itself.
//
// States: counting (`remaining` elements still to skip); ended (the element at `index` was emitted,
// then completion; or the source ended first: `argumentOutOfRange`).

extension ObservableType {
    /// Emits only the element at `index` (counting from zero), then completes.
    ///
    /// Timing: emits and completes (disposing the source subscription) as soon as that element
    /// arrives; if the source completes first, fails with ``StreamsError/argumentOutOfRange``.
    /// `index` must not be negative.
    public func element(at index: Int) -> Observable<Element> {
        precondition(index >= 0, "element(at:): index must not be negative")
        return lift(ClosureOperator { ElementAtSink(remaining: index, downstream: $0) })
    }
}

private final class ElementAtSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `remaining` only in serialized onNext
{
    private var remaining: Int

    init(remaining: Int, downstream: Receiver<Element>) {
        self.remaining = remaining
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        if remaining == 0 {
            forwardNext(element)
            forwardCompleted()
        } else {
            remaining -= 1
        }
    }

    override func onCompleted() { forwardError(StreamsError.argumentOutOfRange) }
}
