// Concurrency: upstream events arrive serialized and are queued under the sink's lock; at most
// one hop is scheduled at a time (`running`), and each hop delivers one event on the scheduler,
// then schedules the next hop if more are queued. So deliveries are serial, in order, and never
// under the lock. `queue`, `running`, `hopID`, `hop` and `released` are guarded by the lock;
// after disposal nothing is delivered (hops check the disposed flag before delivering).

extension ObservableType {
    /// Delivers every event on `scheduler`, in order, one scheduled hop per event.
    ///
    /// Upstream is subscribed on the calling thread. At most one hop is queued on the scheduler at
    /// a time; events arriving meanwhile wait in the sink. Disposal cancels the pending hop and
    /// drops waiting events. Elements cross to the scheduler's thread: see Docs/Concurrency.md for
    /// non-`Sendable` elements.
    @_disfavoredOverload
    public func observe(on scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        ObserveOnObservable(source: asObservable(), scheduler: scheduler)
    }
}

final class ObserveOnObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let scheduler: any ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: any ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = ObserveOnSink(scheduler: scheduler, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

// Unchecked Sendable: mutable state guarded by `lock`
private final class ObserveOnSink<Element>: Sink<Element, Element>, TimerTarget, @unchecked Sendable {
    let scheduler: any ImmediateSchedulerType
    private let lock = Lock()
    private var queue: [Event<Element>] = []
    private var queueHead = 0
    private var running = false
    private var hopID: UInt64 = 0
    private var hop: (any Disposable)?
    private var released = false

    init(scheduler: any ImmediateSchedulerType, downstream: Receiver<Element>) {
        self.scheduler = scheduler
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { enqueue(.next(element)) }
    override func onError(_ error: any Error) { enqueue(.error(error)) }
    override func onCompleted() { enqueue(.completed) }

    private func enqueue(_ event: Event<Element>) {
        lock.lock()
        if released { return lock.unlock() }
        queue.append(event)
        if running { return lock.unlock() }
        running = true
        lock.unlock()
        scheduleHop()
    }

    private func scheduleHop() {
        let id: UInt64 = lock.withLock {
            hopID &+= 1
            return hopID
        }
        let next = scheduleNow(self, id: id, on: scheduler)
        lock.lock()
        if released {
            lock.unlock()
            next.dispose()
        } else if id == hopID {
            hop = next
            lock.unlock()
        } else {
            lock.unlock()
        }
    }

    /// One hop: delivers the earliest queued event.
    func timerFired(_ id: UInt64) -> any Disposable {
        lock.lock()
        if released || queueHead == queue.count {
            running = false
            lock.unlock()
            return NopDisposable()
        }
        let event = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: queue.count <= 64)
            queueHead = 0
        }
        lock.unlock()
        switch event {
        case .next(let element): forwardNext(element)
        case .error(let error):
            forwardError(error)
            return NopDisposable()
        case .completed:
            forwardCompleted()
            return NopDisposable()
        }
        lock.lock()
        if released || queueHead == queue.count {
            running = false
            lock.unlock()
            return NopDisposable()
        }
        lock.unlock()
        scheduleHop()
        return NopDisposable()
    }

    override func disposeResources() {
        lock.lock()
        released = true
        queue.removeAll()
        queueHead = 0
        let current = hop
        hop = nil
        lock.unlock()
        current?.dispose()
    }
}
