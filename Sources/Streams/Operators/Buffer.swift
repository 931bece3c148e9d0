// Concurrency: upstream events arrive serialized; the window timer runs on the scheduler,
// possibly concurrently with them. `buffer`, `windowID`, `timer` and `released` are guarded by
// the sink's lock; each buffer is handed downstream through the serialized delivery of SerializingSink, outside
// the lock. A tick acts only if its window id is still current (a count-triggered emission
// starts a new window and a new timer).

extension ObservableType {
    /// Emits arrays of the source's elements: a buffer is emitted when it holds `count` elements
    /// or when `timeSpan` has passed on `scheduler` since the buffer started, whichever is first.
    ///
    /// Each emission starts a new buffer and a new `timeSpan` timer; a timer that fires with an
    /// empty buffer emits an empty array. On completion the current buffer (possibly empty) is
    /// emitted, then completion; on error the buffer is dropped. Disposal cancels the timer.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: some SchedulerType) -> Observable<[Element]> {
        precondition(count > 0, "buffer: count must be positive")
        return BufferObservable(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

private final class BufferObservable<Element>: Observable<[Element]>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: any SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<[Element]>) -> any Disposable {
        let sink = BufferSink(parent: self, downstream: receiver)
        sink.startTimer(id: 0)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

// Unchecked Sendable: mutable state guarded by `lock`
private final class BufferSink<Element>: EventSerializingSink<Element, [Element]>, TimerTarget, @unchecked Sendable {
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: any SchedulerType
    private var buffer: [Element] = []
    private var windowID: UInt64 = 0
    private var timer: (any Disposable)?
    private var released = false

    init(parent: BufferObservable<Element>, downstream: Receiver<[Element]>) {
        timeSpan = parent.timeSpan
        count = parent.count
        scheduler = parent.scheduler
        super.init(downstream: downstream)
    }

    func startTimer(id: UInt64) {
        let next = scheduleTimer(self, id: id, after: timeSpan, on: scheduler)
        lock.lock()
        if released || id != windowID {
            lock.unlock()
            next.dispose()
            return
        }
        let previous = timer
        timer = next
        lock.unlock()
        previous?.dispose()
    }

    /// Emits the buffer and starts a new window. Call with `lock` held; releases it.
    private func emitBufferAndUnlock() {
        let full = buffer
        buffer = []
        windowID &+= 1
        let id = windowID
        emitNextLocked(full)
        startTimer(id: id)
    }

    override func onNext(_ element: Element) {
        lock.lock()
        if released { return lock.unlock() }
        buffer.append(element)
        if buffer.count == count { return emitBufferAndUnlock() }
        lock.unlock()
    }

    func timerFired(_ id: UInt64) -> any Disposable {
        lock.lock()
        if released || id != windowID {
            lock.unlock()
            return NopDisposable()
        }
        emitBufferAndUnlock()
        return NopDisposable()
    }

    override func onError(_ error: any Error) {
        lock.lock()
        buffer = []
        windowID &+= 1
        pushLocked(.error(error))
        flushLocked()
    }

    override func onCompleted() {
        lock.lock()
        let last = buffer
        buffer = []
        windowID &+= 1
        pushLocked(.next(last))
        pushLocked(.completed)
        flushLocked()
    }

    override func disposeResources() {
        lock.lock()
        released = true
        buffer = []
        let current = timer
        timer = nil
        lock.unlock()
        current?.dispose()
    }
}
