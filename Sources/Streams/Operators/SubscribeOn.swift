// Concurrency: the source is subscribed once, in a hop on the scheduler; the scheduled item
// owns that subscription, wrapped so that disposing it schedules the actual disposal on the same
// scheduler. Events then flow serialized from the source through a pass-through sink; the only
// shared state is the wrapper's atomic "disposal requested" flag.
//
// States: scheduled (the subscription hop waits on the scheduler); subscribed (the source's events
// pass); disposal requested (the source's disposal is scheduled on the scheduler).

extension ObservableType {
    /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
    ///
    /// Events are forwarded on whatever thread the source emits them (use `observe(on:)` to move
    /// them). Disposing before the subscription hop has run cancels it.
    public func subscribe(on scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOnObservable(source: asObservable(), scheduler: scheduler)
    }
}

private final class SubscribeOnObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let scheduler: any ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: any ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = SubscribeOnSink(source: source, scheduler: scheduler, downstream: receiver)
        sink.setUpstream(TimerScheduler.immediate(scheduler).schedule(sink, id: 0, due: .now))
        return sink
    }
}

// Unchecked Sendable: see SubscriptionNode; other fields immutable
private final class SubscribeOnSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    let source: Observable<Element>
    let scheduler: any ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: any ImmediateSchedulerType, downstream: Receiver<Element>) {
        self.source = source
        self.scheduler = scheduler
        super.init(downstream: downstream)
    }

    override func timerFired(_ id: UInt64) -> any Disposable {
        if isDisposed { return NopDisposable() }
        return ScheduledDisposal(source.subscribe(self), scheduler: scheduler)
    }

    override func onNext(_ element: Element) { forwardNext(element) }
    override func onError(_ error: any Error) { forwardError(error) }
    override func onCompleted() { forwardCompleted() }
}

/// Disposes `inner` on `scheduler` when disposed. Its atomic word is the "disposal requested" flag.
private final class ScheduledDisposal: DisposableNode, @unchecked Sendable {  // immutable besides the flag
    let inner: any Disposable
    let scheduler: any ImmediateSchedulerType

    init(_ inner: any Disposable, scheduler: any ImmediateSchedulerType) {
        self.inner = inner
        self.scheduler = scheduler
    }

    override func dispose() {
        guard atomicState.exchange(1) == 0 else { return }
        _ = TimerScheduler.immediate(scheduler).schedule(self, id: 0, due: .now)
    }

    override func timerFired(_ id: UInt64) -> any Disposable {
        inner.dispose()
        return NopDisposable()
    }
}
