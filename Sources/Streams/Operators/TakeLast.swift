// Concurrency: single upstream, so calls arrive serialized; each sink's ring buffer is touched
// only from `onNext` and `onCompleted`, which never overlap.
//
// States: buffering (a ring of the latest `count` elements); ended (completion emitted the ring in
// order, then completed; or an error passed).

extension ObservableType {
    /// Emits the last `count` elements when the source completes, then completes.
    ///
    /// Timing: nothing is emitted before the source completes; then the buffered elements are
    /// emitted in order at that moment. A source error is forwarded and the buffer dropped.
    public func takeLast(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        precondition(count >= 0, "takeLast: count must not be negative")
        return lift(ClosureOperator { TakeLastSink(capacity: count, downstream: $0) }).inspected(
            as: "takeLast", file: file, line: line)
    }
}

/// Keeps the last `capacity` elements in a ring: `buffer` grows to `capacity`, then `head` marks
/// the oldest element, which the next element overwrites.
private final class TakeLastSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; buffer only in serialized events
{
    let capacity: Int
    private var buffer: [Element] = []
    private var head = 0

    init(capacity: Int, downstream: Receiver<Element>) {
        self.capacity = capacity
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed, capacity > 0 else { return }
        if buffer.count < capacity {
            buffer.append(element)
        } else {
            buffer[head] = element
            head = head + 1 == capacity ? 0 : head + 1
        }
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        let elements = buffer
        let start = head
        buffer = []
        for offset in 0..<elements.count {
            if isDisposed { return }
            forwardNext(elements[(start + offset) % elements.count])
        }
        forwardCompleted()
    }
}
