// Concurrency: upstream events arrive serialized; timer ticks run on the scheduler, possibly
// concurrently with them. `pending`, `currentID`, `timer` and `released` are guarded by the
// sink's lock; every downstream event goes through the serialized delivery of SerializingSink, outside the lock.
// A tick acts only if its id is still current, so a superseded timer that fires anyway is a no-op.

extension ObservableType {
    /// Emits an element only after `dueTime` has passed on `scheduler` without another element.
    ///
    /// Each element restarts the timer (the previous timer is cancelled); when the timer fires the
    /// latest element is emitted. On completion a pending element is emitted at once, followed by
    /// completion; on error the pending element is dropped and the error is forwarded at once.
    /// Disposal cancels the timer.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Observable<Element> {
        DebounceObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class DebounceObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let scheduler: any SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

// Unchecked Sendable: mutable state guarded by `lock`
private final class DebounceSink<Element>: EventSerializingSink<Element, Element>, TimerTarget, @unchecked Sendable {
    let dueTime: RxTimeInterval
    let scheduler: any SchedulerType
    /// `scheduler` as a virtual-time scheduler, cast once here instead of once per timer.
    let virtualScheduler: VirtualTimeScheduler?
    // Guarded by `lock`, so Swift's dynamic exclusivity checks are redundant.
    @exclusivity(unchecked) private var pending: Element?
    @exclusivity(unchecked) private var currentID: UInt64 = 0
    @exclusivity(unchecked) private var timer: (any Disposable)?
    @exclusivity(unchecked) private var released = false

    init(dueTime: RxTimeInterval, scheduler: any SchedulerType, downstream: Receiver<Element>) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        virtualScheduler = scheduler as? VirtualTimeScheduler
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        lock.lock()
        if released { return lock.unlock() }
        currentID &+= 1
        let id = currentID
        pending = element
        let previous = timer
        timer = nil
        lock.unlock()
        previous?.dispose()
        let next =
            virtualScheduler?.scheduleTimer(TimerTick(target: self, id: id), dueTime: dueTime)
            ?? scheduleTimer(self, id: id, after: dueTime, on: scheduler)
        lock.lock()
        if released {
            lock.unlock()
            next.dispose()
        } else {
            timer = next
            lock.unlock()
        }
    }

    func timerFired(_ id: UInt64) -> any Disposable {
        lock.lock()
        guard id == currentID, let element = pending else {
            lock.unlock()
            return NopDisposable()
        }
        pending = nil
        emitNextLocked(element)
        return NopDisposable()
    }

    override func onError(_ error: any Error) {
        lock.lock()
        currentID &+= 1
        pending = nil
        pushLocked(.error(error))
        flushLocked()
    }

    override func onCompleted() {
        lock.lock()
        currentID &+= 1
        if let element = pending {
            pending = nil
            pushLocked(.next(element))
        }
        pushLocked(.completed)
        flushLocked()
    }

    override func disposeResources() {
        lock.lock()
        released = true
        pending = nil
        let current = timer
        timer = nil
        lock.unlock()
        current?.dispose()
    }
}
