import Foundation

// Concurrency: upstream events arrive serialized; the drain timer runs on the scheduler,
// possibly concurrently with them. `queue`, `queueHead`, `active`, `timerID`, `timer` and
// `released` are guarded by the sink's lock; downstream events go through the serialized
// delivery of SerializingSink, outside the lock, so an error forwarded at once never overlaps a drain in progress.

extension ObservableType {
    /// Emits each element and the completion `dueTime` later on `scheduler`; errors are forwarded
    /// at once (dropping elements still waiting).
    ///
    /// One timer is pending at a time: when it fires it emits the earliest waiting event and
    /// reschedules itself for the next one. Disposal cancels the timer and drops waiting events.
    public func delay(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Observable<Element> {
        DelayObservable(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class DelayObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let scheduler: any SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: any SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

// Unchecked Sendable: mutable state guarded by `lock`
private final class DelaySink<Element>: EventSerializingSink<Element, Element>, TimerTarget, @unchecked Sendable {
    let dueTime: RxTimeInterval
    let scheduler: any SchedulerType
    private var queue: [(time: RxTime, event: Event<Element>)] = []
    private var queueHead = 0
    private var active = false
    private var timerID: UInt64 = 0
    private var timer: (any Disposable)?
    private var released = false

    init(dueTime: RxTimeInterval, scheduler: any SchedulerType, downstream: Receiver<Element>) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { enqueue(.next(element)) }
    override func onCompleted() { enqueue(.completed) }

    override func onError(_ error: any Error) {
        lock.lock()
        queue.removeAll()
        queueHead = 0
        timerID &+= 1
        pushLocked(.error(error))
        flushLocked()
    }

    private func enqueue(_ event: Event<Element>) {
        let now = scheduler.now
        lock.lock()
        if released { return lock.unlock() }
        queue.append((now, event))
        if active { return lock.unlock() }
        active = true
        lock.unlock()
        schedule(after: dueTime)
    }

    /// Schedules the next drain. Called without the lock, with `active` set.
    private func schedule(after interval: RxTimeInterval) {
        let id: UInt64 = lock.withLock {
            timerID &+= 1
            return timerID
        }
        let next = scheduleTimer(self, id: id, after: interval, on: scheduler)
        lock.lock()
        if released || id != timerID {
            lock.unlock()
            next.dispose()
            return
        }
        let previous = timer
        timer = next
        lock.unlock()
        previous?.dispose()
    }

    /// Emits the earliest waiting event, then reschedules for the next one if any.
    func timerFired(_ id: UInt64) -> any Disposable {
        lock.lock()
        guard id == timerID, queueHead < queue.count else {
            if id == timerID { active = false }
            lock.unlock()
            return NopDisposable()
        }
        let first = queue[queueHead].event
        queueHead += 1
        pushLocked(first)
        var nextTime: RxTime?
        if queueHead < queue.count {
            nextTime = queue[queueHead].time
        } else {
            queue.removeAll(keepingCapacity: queue.count <= 64)
            queueHead = 0
            active = false
        }
        flushLocked()
        if let nextTime {
            let elapsed = scheduler.now.timeIntervalSince(nextTime)
            schedule(after: .fromSeconds(dueTime.seconds - elapsed))
        }
        return NopDisposable()
    }

    override func disposeResources() {
        lock.lock()
        released = true
        queue.removeAll()
        queueHead = 0
        let current = timer
        timer = nil
        lock.unlock()
        current?.dispose()
    }
}
