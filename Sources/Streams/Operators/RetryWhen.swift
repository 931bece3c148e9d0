// Concurrency: per subscription, the sink owns two subjects: `errors` (what the handler sees) and
// `triggers` (what the handler's sequence emits). One source subscription at a time, held in a
// SerialDisposable, plus one trigger receiver, subscribed to `triggers` only while a failure waits
// for a decision. Source events arrive serialized; trigger events are serialized by the subject.
// Resubscription goes through `Resubscription` (see Retry.swift), so a trigger that fires
// synchronously inside the failure becomes one more turn of the running loop, never recursion.
// No state beyond the disposables, the loop's lock-guarded flags and the node's atomic flag.
//
// States: subscribed (one source subscription); waiting (a failure went to the handler; the
// trigger receiver listens for its decision); resubscribing (as retry's loop); ended (completed,
// failed, or disposed).

extension ObservableType {
    /// Resubscribes to the source when the sequence returned by `notificationHandler` emits an
    /// element after a failure; its completion completes this sequence and its error fails it.
    ///
    /// Timing: `notificationHandler` is called once per subscription, with an observable of the
    /// source's failures, and its sequence is subscribed before the source. When the source fails
    /// with an error of type `Failure`, the failure is sent to that observable; the next element
    /// the handler's sequence emits resubscribes the source at that moment. A failure of another
    /// type is forwarded at once. Disposal disposes the source and the handler's sequence.
    public func retry<Trigger: ObservableType, Failure: Error>(
        when notificationHandler: @escaping @Sendable (Observable<Failure>) -> Trigger, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        RetryWhenObservable(source: asObservable(), handler: notificationHandler).inspected(
            as: "retry(when:)", file: file, line: line)
    }

    /// Resubscribes to the source when the sequence returned by `notificationHandler` emits an
    /// element after a failure; its completion completes this sequence and its error fails it.
    ///
    /// Timing: as ``retry(when:file:line:)``, for failures of any type.
    public func retry<Trigger: ObservableType>(
        when notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        RetryWhenObservable<Element, any Error, Trigger>(source: asObservable(), handler: notificationHandler)
            .inspected(as: "retry(when:)", file: file, line: line)
    }
}

private final class RetryWhenObservable<Element, Failure: Error, Trigger: ObservableType>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    let handler: @Sendable (Observable<Failure>) -> Trigger

    init(source: Observable<Element>, handler: @escaping @Sendable (Observable<Failure>) -> Trigger) {
        self.source = source
        self.handler = handler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = RetryWhenSink<Element, Failure, Trigger>(source: source, downstream: receiver)
        let handlerSequence = handler(sink.errors.asObservable()).asObservable()
        sink.setUpstream(handlerSequence.subscribe(TriggerRelay(subject: sink.triggers)))
        sink.resubscription.subscribe(sink)
        return sink
    }
}

private final class RetryWhenSink<Element, Failure: Error, Trigger: ObservableType>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; the rest is disposables, subjects and the loop's locked flags
{
    let resubscription: Resubscription<Element>
    let errors = PublishSubject<Failure>()
    let triggers = PublishSubject<Trigger.Element>()
    let waiting = SerialDisposable()

    init(source: Observable<Element>, downstream: Receiver<Element>) {
        resubscription = Resubscription(source: source)
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { forwardNext(element) }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        guard let failure = error as? Failure else { return forwardError(error) }
        waiting.disposable = triggers.subscribe(RetryTriggerReceiver(sink: self))
        errors.onNext(failure)
    }

    func triggerNext() {
        guard !isDisposed else { return }
        waiting.disposable = NopDisposable()
        resubscription.subscribe(self)
    }

    func triggerError(_ error: any Error) { forwardError(error) }
    func triggerCompleted() { forwardCompleted() }

    override func disposeResources() {
        resubscription.dispose()
        waiting.dispose()
        errors.dispose()
        triggers.dispose()
    }
}

/// Feeds the handler's sequence into the sink's `triggers` subject.
private final class TriggerRelay<Value>: Receiver<Value>, @unchecked Sendable {  // immutable
    let subject: PublishSubject<Value>
    init(subject: PublishSubject<Value>) { self.subject = subject }

    override func onNext(_ element: Value) { subject.onNext(element) }
    override func onError(_ error: any Error) { subject.on(.error(error)) }
    override func onCompleted() { subject.on(.completed) }
}

/// Listens to `triggers` while a failure waits for a decision.
private final class RetryTriggerReceiver<Element, Failure: Error, Trigger: ObservableType>: Receiver<Trigger.Element>,
    @unchecked Sendable  // immutable
{
    let sink: RetryWhenSink<Element, Failure, Trigger>
    init(sink: RetryWhenSink<Element, Failure, Trigger>) { self.sink = sink }

    override func onNext(_ element: Trigger.Element) { sink.triggerNext() }
    override func onError(_ error: any Error) { sink.triggerError(error) }
    override func onCompleted() { sink.triggerCompleted() }
}
