// Timing (RxSwift 6): each element is emitted at once, paired with its index (0, 1, 2, …);
// completion and errors are forwarded at once. An index past `Int.max` fails with
// `StreamsError.overflow` instead of wrapping.
//
// States: counting (`next` is the next element's index). Single upstream, so calls arrive
// serialized and the counter needs no lock.

extension ObservableType {
    /// Emits each element paired with its index, counting from zero.
    ///
    /// Timing: emits with each element and terminates with the source; fails with
    /// ``StreamsError/overflow`` rather than wrap past `Int.max`.
    public func enumerated(file: StaticString = #fileID, line: UInt = #line) -> Observable<
        (index: Int, element: Element)
    > {
        enumerated(startingAt: 0).inspected(as: "enumerated", file: file, line: line)
    }

    /// ``enumerated(file:line:)`` counting from `start` (tests reach the overflow with it).
    func enumerated(startingAt start: Int) -> Observable<(index: Int, element: Element)> {
        lift(Enumerated<Element>(start: start))
    }
}

private struct Enumerated<Element>: SinkMaking {
    let start: Int

    func makeSink(downstream: Receiver<(index: Int, element: Element)>) -> Sink<Element, (index: Int, element: Element)>
    {
        EnumeratedSink(next: start, downstream: downstream)
    }
}

private final class EnumeratedSink<Element>: Sink<Element, (index: Int, element: Element)>,
    @unchecked Sendable  // see SubscriptionNode; `next` only in serialized onNext
{
    private var next: Int

    init(next: Int, downstream: Receiver<(index: Int, element: Element)>) {
        self.next = next
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        guard next != Int.max else { return forwardError(StreamsError.overflow) }
        let index = next
        next += 1
        forwardNext((index, element))
    }
}
