import Foundation

// Concurrency: upstream events arrive serialized; the trailing-edge timer runs on the scheduler,
// possibly concurrently with them. `pending`, `lastSent`, `completed`, `timerID`, `timer` and
// `released` are guarded by the sink's lock; downstream events go through the serialized
// delivery of SerializingSink, outside the lock. A tick acts only if its id is still current.

extension ObservableType {
    /// Emits the first element at once, then at most one element per `dueTime` on `scheduler`.
    ///
    /// An element that arrives at least `dueTime` after the last emitted one is emitted at once.
    /// Otherwise, with `latest: true` it is kept (replacing any kept one) and emitted when the
    /// window ends, `dueTime` after the last emission, which starts a new window; with
    /// `latest: false` it is dropped. Completion with a kept element waits for the window to end,
    /// emits the element, then completes; an error drops the kept element and is forwarded at once.
    /// Disposal cancels the timer.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: some SchedulerType
    ) -> Observable<Element> {
        ThrottleObservable(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

private final class ThrottleObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let latest: Bool
    let scheduler: any SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = ThrottleSink(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

// Unchecked Sendable: mutable state guarded by `lock`
private final class ThrottleSink<Element>: EventSerializingSink<Element, Element>, TimerTarget, @unchecked Sendable {
    let dueSeconds: Double
    let latest: Bool
    let scheduler: any SchedulerType
    /// `scheduler` as a virtual-time scheduler, cast once here instead of once per timer.
    let virtualScheduler: VirtualTimeScheduler?
    // Guarded by `lock`, so Swift's dynamic exclusivity checks are redundant.
    @exclusivity(unchecked) private var pending: Element?
    @exclusivity(unchecked) private var lastSent: RxTime?
    @exclusivity(unchecked) private var completed = false
    @exclusivity(unchecked) private var timerID: UInt64 = 0
    @exclusivity(unchecked) private var timer: (any Disposable)?
    @exclusivity(unchecked) private var released = false

    init(parent: ThrottleObservable<Element>, downstream: Receiver<Element>) {
        dueSeconds = parent.dueTime.seconds
        latest = parent.latest
        scheduler = parent.scheduler
        virtualScheduler = parent.scheduler as? VirtualTimeScheduler
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        let now = scheduler.now
        lock.lock()
        if released { return lock.unlock() }
        var remaining = 0.0
        if let lastSent {
            remaining = dueSeconds - now.timeIntervalSince(lastSent)
        }
        if remaining <= 0 {
            pending = nil
            lastSent = now
            return emitNextLocked(element)
        }
        guard latest else { return lock.unlock() }
        let alreadyScheduled = pending != nil
        pending = element
        if alreadyScheduled { return lock.unlock() }
        timerID &+= 1
        let id = timerID
        let previous = timer
        timer = nil
        lock.unlock()
        previous?.dispose()
        let next =
            virtualScheduler?.scheduleTimer(TimerTick(target: self, id: id), dueTime: .fromSeconds(remaining))
            ?? scheduleTimer(self, id: id, after: .fromSeconds(remaining), on: scheduler)
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
        let now = scheduler.now
        lock.lock()
        guard id == timerID else {
            lock.unlock()
            return NopDisposable()
        }
        if let element = pending {
            pending = nil
            lastSent = now
            if !completed {
                emitNextLocked(element)
                return NopDisposable()
            }
            pushLocked(.next(element))
        }
        if completed { pushLocked(.completed) }
        flushLocked()
        return NopDisposable()
    }

    override func onError(_ error: any Error) {
        lock.lock()
        pending = nil
        timerID &+= 1
        pushLocked(.error(error))
        flushLocked()
    }

    override func onCompleted() {
        lock.lock()
        if pending != nil {
            completed = true
            return lock.unlock()
        }
        timerID &+= 1
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
