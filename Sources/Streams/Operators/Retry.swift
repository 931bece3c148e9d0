// Concurrency: one source subscription at a time, held in a SerialDisposable. Its events arrive
// serialized, and a failed attempt sends nothing more, so `remaining` is touched only by
// serialized calls. Resubscribing is a loop, not recursion (``Pump``): a source that fails
// synchronously while being subscribed — or from another thread before `subscribe` returned — is
// resubscribed by the loop that is already running. No lock is held while subscribing or
// forwarding.
//
// States: subscribed (one source subscription; `remaining` retries left); resubscribing (the
// loop runs; a failure meanwhile is one more turn); ended (completed, failed with no retry left,
// or disposed).

extension ObservableType {
    /// Resubscribes to the source each time it fails, until it completes.
    ///
    /// Timing: each resubscription happens at the moment of the failure; disposal disposes the
    /// current subscription. A source that always fails makes this sequence run forever.
    public func retry(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        RetryObservable(source: asObservable(), maxAttemptCount: nil).inspected(as: "retry", file: file, line: line)
    }

    /// Subscribes to the source up to `maxAttemptCount` times in total while it fails; the last
    /// failure becomes the sequence's error (so `retry(2)` retries once).
    ///
    /// Timing: each resubscription happens at the moment of the failure; disposal disposes the
    /// current subscription. As in RxSwift, `retry(0)` completes at once without subscribing.
    public func retry(_ maxAttemptCount: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry: maxAttemptCount must not be negative")
        if maxAttemptCount == 0 { return EmptyObservable().inspected(as: "retry", file: file, line: line) }
        return RetryObservable(source: asObservable(), maxAttemptCount: maxAttemptCount).inspected(
            as: "retry", file: file, line: line)
    }
}

private final class RetryObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let maxAttemptCount: Int?

    init(source: Observable<Element>, maxAttemptCount: Int?) {
        self.source = source
        self.maxAttemptCount = maxAttemptCount
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = RetrySink(source: source, remaining: maxAttemptCount.map { $0 - 1 }, downstream: receiver)
        sink.resubscription.subscribe(sink)
        return sink
    }
}

private final class RetrySink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `remaining` is touched by serialized calls only
{
    let resubscription: Resubscription<Element>
    /// Retries left; `nil` for unlimited.
    private var remaining: Int?

    init(source: Observable<Element>, remaining: Int?, downstream: Receiver<Element>) {
        resubscription = Resubscription(source: source)
        self.remaining = remaining
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { forwardNext(element) }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        if let left = remaining {
            if left == 0 { return forwardError(error) }
            remaining = left - 1
        }
        resubscription.subscribe(self)
    }

    override func disposeResources() { resubscription.dispose() }
}

/// The source subscription behind `retry` and `retry(when:)`: one at a time, replaced by each
/// resubscription. A resubscription requested while one is in progress becomes one more turn of
/// the loop that is already running (see ``Pump``), never recursion.
final class Resubscription<Element>: @unchecked Sendable {  // `loop` is the synchronisation
    private let source: Observable<Element>
    private let current = SerialDisposable()
    @exclusivity(unchecked) private var loop = LockedCell(Pump())

    init(source: Observable<Element>) { self.source = source }

    /// Subscribes `sink` to the source, or asks the running loop to subscribe it once more.
    func subscribe(_ sink: Sink<Element, Element>) {
        guard loop.update({ $0.request() }) else { return }
        repeat {
            if sink.isDisposed { return loop.update { $0.stop() } }
            current.disposable = source.subscribe(sink)
        } while loop.update { $0.finishTurn() }
    }

    /// Disposes the current subscription.
    func dispose() { current.dispose() }
}
