// Concurrency: upstream events arrive serialized; the window timer runs on the scheduler,
// possibly concurrently with them. `subject`, `countInWindow`, `windowID`, `timer` and
// `released` are guarded by the sink's lock, and so is an outbox of actions (send to a window,
// close a window, emit a new window, terminate). Whoever finds no delivery running drains the
// outbox outside the lock, so windows and the outer observer never see overlapping or
// reordered calls.

extension ObservableType {
    /// Splits the source into windows, emitted as observables: a window closes after `count`
    /// elements or after `timeSpan` on `scheduler`, whichever is first, and the next one opens.
    ///
    /// The first window is emitted at subscription. On completion or error the current window and
    /// the outer sequence receive it. Disposing the outer subscription disposes the source, so
    /// open windows receive nothing more.
    public func window(
        timeSpan: RxTimeInterval, count: Int, scheduler: some SchedulerType
    ) -> Observable<Observable<Element>> {
        precondition(count > 0, "window: count must be positive")
        return WindowObservable(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

// Unchecked Sendable: immutable after init
private final class WindowObservable<Element>: Observable<Observable<Element>>, @unchecked Sendable {
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

    override func subscribe(_ receiver: Receiver<Observable<Element>>) -> any Disposable {
        let sink = WindowSink(parent: self, downstream: receiver)
        sink.start()
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

/// One step of a window sink's output, delivered in order outside the lock.
private enum WindowAction<Element> {
    case send(PublishSubject<Element>, Event<Element>)
    case open(PublishSubject<Element>)
    case finish(Event<Observable<Element>>)
}

// Unchecked Sendable: mutable state guarded by `lock`
private final class WindowSink<Element>: Sink<Element, Observable<Element>>, TimerTarget, @unchecked Sendable {
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: any SchedulerType
    private let lock = Lock()
    private var subject = PublishSubject<Element>()
    private var countInWindow = 0
    private var windowID: UInt64 = 0
    private var timer: (any Disposable)?
    private var released = false
    private var outbox: [WindowAction<Element>] = []
    private var outboxHead = 0
    private var delivering = false

    init(parent: WindowObservable<Element>, downstream: Receiver<Observable<Element>>) {
        timeSpan = parent.timeSpan
        count = parent.count
        scheduler = parent.scheduler
        super.init(downstream: downstream)
    }

    func start() {
        lock.lock()
        outbox.append(.open(subject))
        unlockAndDeliver()
        startTimer(id: 0)
    }

    private func startTimer(id: UInt64) {
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

    /// Closes the current window and opens the next. Call with `lock` held; releases it.
    private func rollOverAndUnlock() {
        outbox.append(.send(subject, .completed))
        subject = PublishSubject()
        outbox.append(.open(subject))
        countInWindow = 0
        windowID &+= 1
        let id = windowID
        unlockAndDeliver()
        startTimer(id: id)
    }

    override func onNext(_ element: Element) {
        lock.lock()
        if released { return lock.unlock() }
        outbox.append(.send(subject, .next(element)))
        countInWindow += 1
        if countInWindow == count { return rollOverAndUnlock() }
        unlockAndDeliver()
    }

    func timerFired(_ id: UInt64) -> any Disposable {
        lock.lock()
        if released || id != windowID {
            lock.unlock()
            return NopDisposable()
        }
        rollOverAndUnlock()
        return NopDisposable()
    }

    override func onError(_ error: any Error) { stop(.error(error), outer: .error(error)) }
    override func onCompleted() { stop(.completed, outer: .completed) }

    private func stop(_ event: Event<Element>, outer: Event<Observable<Element>>) {
        lock.lock()
        windowID &+= 1
        outbox.append(.send(subject, event))
        outbox.append(.finish(outer))
        unlockAndDeliver()
    }

    /// Releases `lock` and delivers the outbox unless another thread is delivering.
    private func unlockAndDeliver() {
        if delivering || outboxHead == outbox.count { return lock.unlock() }
        delivering = true
        while outboxHead < outbox.count {
            let action = outbox[outboxHead]
            outboxHead += 1
            lock.unlock()
            switch action {
            case .send(let window, let event): window.on(event)
            case .open(let window): forwardNext(window)
            case .finish(.error(let error)): forwardError(error)
            case .finish: forwardCompleted()
            }
            lock.lock()
        }
        outbox.removeAll(keepingCapacity: outbox.count <= 64)
        outboxHead = 0
        delivering = false
        lock.unlock()
    }

    override func disposeResources() {
        lock.lock()
        released = true
        let current = timer
        timer = nil
        lock.unlock()
        current?.dispose()
    }
}
