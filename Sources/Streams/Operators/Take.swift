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
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "take: count must not be negative")
        if count == 0 { return Observable.empty() }
        return TakeCountObservable(source: asObservable(), count: count)
    }

    /// Emits elements while `predicate` returns `true`, then completes; with `.inclusive`, the
    /// first element that fails the predicate is emitted before completing. A thrown error
    /// becomes the sequence's error.
    ///
    /// Timing: completes (and disposes the source subscription) on the first failing element.
    public func take(
        while predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        TakeWhileObservable(source: asObservable(), stopsWhen: false, behavior: behavior, predicate: predicate)
    }

    /// Emits elements until `predicate` returns `true`, then completes; with `.inclusive`, the
    /// element that satisfied the predicate is emitted before completing. A thrown error becomes
    /// the sequence's error.
    ///
    /// Timing: completes (and disposes the source subscription) on the first matching element.
    public func take(
        until predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        TakeWhileObservable(source: asObservable(), stopsWhen: true, behavior: behavior, predicate: predicate)
    }
}

/// Whether `take(while:behavior:)` and `take(until:behavior:)` emit the element that ends them.
public enum TakeBehavior: Sendable {
    /// Emit the element that ends the sequence, then complete.
    case inclusive
    /// Complete without emitting the element that ends the sequence.
    case exclusive
}

private final class TakeCountObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TakeCountSink(remaining: count, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class TakeCountSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `remaining` only in serialized onNext
{
    private var remaining: Int

    init(remaining: Int, downstream: Receiver<Element>) {
        self.remaining = remaining
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed, remaining > 0 else { return }
        remaining -= 1
        forwardNext(element)
        if remaining == 0 { forwardCompleted() }
    }

    override func onError(_ error: any Error) { forwardError(error) }
    override func onCompleted() { forwardCompleted() }
}

private final class TakeWhileObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    /// The predicate result that ends the sequence: `false` for `while`, `true` for `until`.
    let stopsWhen: Bool
    let behavior: TakeBehavior
    let predicate: @Sendable (Element) throws -> Bool

    init(
        source: Observable<Element>, stopsWhen: Bool, behavior: TakeBehavior,
        predicate: @escaping @Sendable (Element) throws -> Bool
    ) {
        self.source = source
        self.stopsWhen = stopsWhen
        self.behavior = behavior
        self.predicate = predicate
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TakeWhileSink(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class TakeWhileSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; no mutable state
{
    let parent: TakeWhileObservable<Element>

    init(parent: TakeWhileObservable<Element>, downstream: Receiver<Element>) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        let stops: Bool
        do {
            stops = try parent.predicate(element) == parent.stopsWhen
        } catch {
            forwardError(error)
            return
        }
        if !stops {
            forwardNext(element)
            return
        }
        if parent.behavior == .inclusive { forwardNext(element) }
        forwardCompleted()
    }

    override func onError(_ error: any Error) { forwardError(error) }
    override func onCompleted() { forwardCompleted() }
}
