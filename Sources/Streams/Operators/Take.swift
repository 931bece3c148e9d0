// Concurrency: single upstream, so calls arrive serialized; each sink's counter or flag is
// touched only from `onNext`, which never overlaps itself.
//
// States: taking (`remaining` > 0, or while the predicate holds); ended (completion after the last
// element taken).

extension ObservableType {
    /// Emits the first `count` elements, then completes.
    ///
    /// Timing: completes (and disposes the source subscription) as soon as the `count`-th element
    /// is emitted; `take(0)` completes at once without subscribing to the source.
    public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        precondition(count >= 0, "take: count must not be negative")
        if count == 0 { return EmptyObservable().inspected(as: "take", file: file, line: line) }
        return lift(ClosureOperator { CountingSink(.take, remaining: count, downstream: $0) }).inspected(
            as: "take", file: file, line: line)
    }

    /// Emits elements while `predicate` returns `true`, then completes; with `.inclusive`, the
    /// first element that fails the predicate is emitted before completing. A thrown error
    /// becomes the sequence's error.
    ///
    /// Timing: completes (and disposes the source subscription) on the first failing element.
    public func take(
        while predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        lift(
            ClosureOperator {
                TakeWhileSink(stopsWhen: false, behavior: behavior, predicate: predicate, downstream: $0)
            }
        ).inspected(as: "take(while:)", file: file, line: line)
    }

    /// Emits elements until `predicate` returns `true`, then completes; with `.inclusive`, the
    /// element that satisfied the predicate is emitted before completing. A thrown error becomes
    /// the sequence's error.
    ///
    /// Timing: completes (and disposes the source subscription) on the first matching element.
    public func take(
        until predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        lift(
            ClosureOperator { TakeWhileSink(stopsWhen: true, behavior: behavior, predicate: predicate, downstream: $0) }
        ).inspected(as: "take(until:)", file: file, line: line)
    }
}

/// Whether `take(while:behavior:)` and `take(until:behavior:)` emit the element that ends them.
public enum TakeBehavior: Sendable {
    /// Emit the element that ends the sequence, then complete.
    case inclusive
    /// Complete without emitting the element that ends the sequence.
    case exclusive
}

private final class TakeWhileSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; no mutable state
{
    /// The predicate result that ends the sequence: `false` for `while`, `true` for `until`.
    let stopsWhen: Bool
    let behavior: TakeBehavior
    let predicate: @Sendable (Element) throws -> Bool

    init(
        stopsWhen: Bool, behavior: TakeBehavior, predicate: @escaping @Sendable (Element) throws -> Bool,
        downstream: Receiver<Element>
    ) {
        self.stopsWhen = stopsWhen
        self.behavior = behavior
        self.predicate = predicate
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        let stops: Bool
        do {
            stops = try predicate(element) == stopsWhen
        } catch {
            forwardError(error)
            return
        }
        if !stops {
            forwardNext(element)
            return
        }
        if behavior == .inclusive { forwardNext(element) }
        forwardCompleted()
    }
}
