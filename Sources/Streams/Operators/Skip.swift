// Concurrency: single upstream, so calls arrive serialized; each sink's counter or flag is
// touched only from `onNext`, which never overlaps itself.
//
// States: skipping (`remaining` > 0, or `skipping` while the predicate holds); passing.

extension ObservableType {
    /// Skips the first `count` elements and emits the rest (a `count` of zero or less skips nothing).
    public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        lift(ClosureOperator { CountingSink(.skip, remaining: count, downstream: $0) }).inspected(
            as: "skip", file: file, line: line)
    }

    /// Skips elements while `predicate` returns `true`, then emits every later element; a thrown
    /// error becomes the sequence's error.
    public func skip(
        while predicate: @escaping @Sendable (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        lift(ClosureOperator { SkipWhileSink(predicate: predicate, downstream: $0) }).inspected(
            as: "skip(while:)", file: file, line: line)
    }
}

private final class SkipWhileSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `skipping` only in serialized onNext
{
    let predicate: @Sendable (Element) throws -> Bool
    private var skipping = true

    init(predicate: @escaping @Sendable (Element) throws -> Bool, downstream: Receiver<Element>) {
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        if skipping {
            do {
                skipping = try predicate(element)
            } catch {
                forwardError(error)
                return
            }
            if skipping { return }
        }
        forwardNext(element)
    }
}
