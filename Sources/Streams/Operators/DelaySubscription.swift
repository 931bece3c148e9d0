// Concurrency: the subscription to the source happens once, on the scheduler, after the delay.
// The scheduled item owns the source subscription (the scheduler keeps the action's result and
// disposes it with the item), so the sink's only upstream is that item; events then flow
// serialized from the source, and the sink keeps no other state.
//
// States: waiting (the delayed subscription is scheduled); subscribed (the source's events pass);
// ended (a terminal event passed, or disposal, which cancels the wait).

extension ObservableType {
    /// Subscribes to the source `dueTime` later on `scheduler`, then forwards its events unchanged.
    ///
    /// Disposing before the delay has passed cancels the subscription; disposing afterwards
    /// disposes the source subscription.
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        DelaySubscriptionObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler).inspected(
            as: "delaySubscription", file: file, line: line)
    }
}

// Unchecked Sendable: immutable after init
private final class DelaySubscriptionObservable<Element>: Observable<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let scheduler: any SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = DeferredSubscriptionSink(source: source, downstream: receiver)
        sink.setUpstream(TimerScheduler.timed(scheduler).schedule(sink, id: 0, due: .after(dueTime)))
        return sink
    }
}

// Unchecked Sendable: see SubscriptionNode; `source` immutable
/// Forwards events from a source it subscribes to when its timer fires.
final class DeferredSubscriptionSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    let source: Observable<Element>

    init(source: Observable<Element>, downstream: Receiver<Element>) {
        self.source = source
        super.init(downstream: downstream)
    }

    override var timerOperatorName: String { "delaySubscription" }

    override func timerFired(_ id: UInt64) -> any Disposable {
        if isDisposed { return NopDisposable() }
        return source.subscribe(self)
    }

    override func onNext(_ element: Element) { forwardNext(element) }
}
