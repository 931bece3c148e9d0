// Concurrency: source events arrive serialized; timeout ticks run on the scheduler, possibly
// concurrently with them; after a timeout, events come from `other`. `currentID`, `switched`,
// `timer`, `source`/`otherSubscription` bookkeeping and `released` are guarded by the sink's
// lock. Each source event and each tick first decides under the lock who wins (an event bumps
// `currentID`; a tick wins only if its id is still current and nothing switched), then acts
// outside it; downstream events go through the serialized delivery of SerializingSink.

extension ObservableType {
    /// Forwards the source's events, but fails with ``StreamsError/timeout`` if `dueTime` passes
    /// on `scheduler` without an event (counted from subscription, then from each element).
    ///
    /// On timeout the source subscription is disposed. Disposal cancels the timer.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Observable<Element> {
        TimeoutObservable(
            source: asObservable(), dueTime: dueTime, other: Observable.error(StreamsError.timeout),
            scheduler: scheduler)
    }

    /// Forwards the source's events, but switches to `other` if `dueTime` passes on `scheduler`
    /// without an event (counted from subscription, then from each element).
    ///
    /// On timeout the source subscription is disposed, then `other` is subscribed and its events
    /// are forwarded. Disposal cancels the timer and disposes whichever subscription is live.
    public func timeout<Other: ObservableType>(
        _ dueTime: RxTimeInterval, other: Other, scheduler: some SchedulerType
    ) -> Observable<Element> where Other.Element == Element {
        TimeoutObservable(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

private final class TimeoutObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let other: Observable<Element>
    let scheduler: any SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: any SchedulerType)
    {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TimeoutSink(parent: self, downstream: receiver)
        sink.start()
        return sink
    }
}

// Unchecked Sendable: mutable state guarded by `lock`
private final class TimeoutSink<Element>: EventSerializingSink<Element, Element>, TimerTarget, @unchecked Sendable {
    let parent: TimeoutObservable<Element>
    private var currentID: UInt64 = 0
    private var switched = false
    private var timer: (any Disposable)?
    private var sourceSubscription: (any Disposable)?
    private var otherSubscription: (any Disposable)?
    private var released = false

    init(parent: TimeoutObservable<Element>, downstream: Receiver<Element>) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    func start() {
        restartTimer(id: 0)
        let subscription = parent.source.subscribe(self)
        lock.lock()
        if released || switched {
            lock.unlock()
            subscription.dispose()
        } else {
            sourceSubscription = subscription
            lock.unlock()
        }
    }

    private func restartTimer(id: UInt64) {
        let next = scheduleTimer(self, id: id, after: parent.dueTime, on: parent.scheduler)
        lock.lock()
        if released || switched || id != currentID {
            lock.unlock()
            next.dispose()
            return
        }
        let previous = timer
        timer = next
        lock.unlock()
        previous?.dispose()
    }

    override func onNext(_ element: Element) {
        lock.lock()
        if switched || released { return lock.unlock() }
        currentID &+= 1
        let id = currentID
        emitNextLocked(element)
        restartTimer(id: id)
    }

    override func onError(_ error: any Error) { finish(.error(error)) }
    override func onCompleted() { finish(.completed) }

    private func finish(_ event: Event<Element>) {
        lock.lock()
        if switched { return lock.unlock() }
        currentID &+= 1
        pushLocked(event)
        flushLocked()
    }

    func timerFired(_ id: UInt64) -> any Disposable {
        lock.lock()
        guard id == currentID, !switched, !released else {
            lock.unlock()
            return NopDisposable()
        }
        switched = true
        let subscription = sourceSubscription
        sourceSubscription = nil
        lock.unlock()
        subscription?.dispose()
        let otherSink = TimeoutOtherReceiver(self)
        let other = parent.other.subscribe(otherSink)
        lock.lock()
        if released {
            lock.unlock()
            other.dispose()
        } else {
            otherSubscription = other
            lock.unlock()
        }
        return NopDisposable()
    }

    /// Delivers an event of `other`; they arrive serialized, after the switch.
    func deliverOther(_ event: Event<Element>) { emit(event) }

    override func disposeResources() {
        lock.lock()
        released = true
        let current = (timer, sourceSubscription, otherSubscription)
        timer = nil
        sourceSubscription = nil
        otherSubscription = nil
        lock.unlock()
        current.0?.dispose()
        current.1?.dispose()
        current.2?.dispose()
    }
}

/// Receives `other`'s events for a timed-out sink.
private final class TimeoutOtherReceiver<Element>: Receiver<Element> {
    let sink: TimeoutSink<Element>
    init(_ sink: TimeoutSink<Element>) { self.sink = sink }
    override func onNext(_ element: Element) { sink.deliverOther(.next(element)) }
    override func onError(_ error: any Error) { sink.deliverOther(.error(error)) }
    override func onCompleted() { sink.deliverOther(.completed) }
}
