// Concurrency: one source subscription at a time, held in a SerialDisposable. Its events arrive
// serialized, and a failed attempt sends nothing more, so `remaining` is touched only by
// serialized calls. Resubscribing is a loop, not recursion (``Pump``): a source that fails
// synchronously while being subscribed — or from another thread before `subscribe` returned — is
// resubscribed by the loop that is already running. No lock is held while subscribing or
// forwarding.

extension ObservableType {
    /// Resubscribes to the source each time it fails, until it completes.
    ///
    /// Timing: each resubscription happens at the moment of the failure; disposal disposes the
    /// current subscription. A source that always fails makes this sequence run forever.
    public func retry() -> Observable<Element> {
        RetryObservable(source: asObservable(), maxAttemptCount: nil)
    }

    /// Subscribes to the source up to `maxAttemptCount` times in total while it fails; the last
    /// failure becomes the sequence's error (so `retry(2)` retries once).
    ///
    /// Timing: each resubscription happens at the moment of the failure; disposal disposes the
    /// current subscription. As in RxSwift, `retry(0)` completes at once without subscribing.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry: maxAttemptCount must not be negative")
        if maxAttemptCount == 0 { return Observable.empty() }
        return RetryObservable(source: asObservable(), maxAttemptCount: maxAttemptCount)
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
        sink.attempt()
        return sink
    }
}

private final class RetrySink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; the loop is locked, `remaining` serialized
{
    let source: Observable<Element>
    let current = SerialDisposable()
    let loop = ResubscribeLoop()
    /// Retries left; `nil` for unlimited.
    private var remaining: Int?

    init(source: Observable<Element>, remaining: Int?, downstream: Receiver<Element>) {
        self.source = source
        self.remaining = remaining
        super.init(downstream: downstream)
    }

    /// Subscribes to the source, or asks the running loop to subscribe once more.
    func attempt() {
        guard loop.enter() else { return }
        repeat {
            if isDisposed { return loop.leaveAfterDisposal() }
            current.disposable = source.subscribe(self)
        } while loop.shouldRunAgain()
    }

    override func onNext(_ element: Element) { forwardNext(element) }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        if let left = remaining {
            if left == 0 { return forwardError(error) }
            remaining = left - 1
        }
        attempt()
    }

    override func onCompleted() { forwardCompleted() }
    override func disposeResources() { current.dispose() }
}

/// The loop behind `retry` and `retry(when:)`: a resubscription requested while a subscription is
/// in progress becomes one more turn of the loop that is already running (see ``Pump``).
final class ResubscribeLoop: @unchecked Sendable {  // `cell` is the synchronisation
    @exclusivity(unchecked) private var cell = LockedCell(Pump())

    /// `true` if the caller must run the loop; `false` if a running loop will take the request.
    func enter() -> Bool { cell.update { $0.request() } }

    /// After one subscription: `true` if another was requested meanwhile, else leaves the loop.
    func shouldRunAgain() -> Bool { cell.update { $0.finishTurn() } }

    /// Leaves the loop without subscribing again (the sink was disposed).
    func leaveAfterDisposal() { cell.update { $0.stop() } }
}
