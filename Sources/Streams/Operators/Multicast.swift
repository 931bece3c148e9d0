// Concurrency:
// - MulticastConnectable: `subject` and `connection` are guarded by its lock. The subject factory
//   runs outside the lock (a racing loser's subject is dropped), and the source is subscribed
//   outside the lock after the connection object is published, so a source that emits (or
//   reenters `connect`/`subscribe`) synchronously cannot deadlock; a concurrent `connect` gets the
//   published connection.
// - A connection detaches itself (under the parent's lock) on disposal or on the source's
//   terminal event, then the subject receives the event outside any lock.
// - RefCount: `count`, `generation`, `connectable` and `reconciling` are guarded by its lock, as
//   is each sink's `generation`/`counted`. Subscribing, disposing and terminating only change the
//   count under the lock; one thread at a time (`reconciling`) then connects or disconnects outside
//   the lock until the connection matches the count, so concurrent first subscribers connect once
//   and a reentrant disposal during `connect()` is honoured right after it returns.

// Unchecked Sendable: subclasses guard their state with a lock
/// An observable that shares one subscription to its source, made by ``connect()``.
public class ConnectableObservable<Element>: Observable<Element>, @unchecked Sendable {
    override init() {}

    /// Subscribes the shared subject to the source, if not already connected; disposing the result
    /// disconnects.
    public func connect() -> any Disposable { preconditionFailure("abstract") }
}

extension ObservableType {
    /// Shares the source through `subject`: observers subscribe to `subject`, and ``ConnectableObservable/connect()``
    /// subscribes `subject` to the source.
    ///
    /// The same subject is used for every connection, so after the source terminates new observers
    /// get what that subject replays.
    public func multicast<Subject: ObservableType & ObserverType & Sendable>(
        _ subject: Subject
    ) -> ConnectableObservable<Element> where Subject.Element == Element {
        MulticastConnectable(source: asObservable(), makeSubject: { subject })
    }

    /// Shares the source through a subject made by `makeSubject` for each connection; the subject
    /// is dropped when the connection is disposed or the source terminates.
    public func multicast<Subject: ObservableType & ObserverType & Sendable>(
        makeSubject: @escaping @Sendable () -> Subject
    ) -> ConnectableObservable<Element> where Subject.Element == Element {
        MulticastConnectable(source: asObservable(), makeSubject: makeSubject)
    }

    /// Shares the source through a `PublishSubject` per connection: observers receive only events
    /// sent while they are subscribed and connected.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// Shares the source through a `ReplaySubject` of `bufferSize` per connection: new observers
    /// first receive up to `bufferSize` latest elements of the current connection.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// Shares the source through an unbounded `ReplaySubject` per connection.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbound() })
    }
}

extension ConnectableObservable {
    /// Connects when the first observer subscribes and disconnects when the last one leaves.
    ///
    /// Each observer subscribes to the shared subject before the connection is made. When the
    /// source terminates, the connection is dropped, so the next observer connects again.
    public func refCount() -> Observable<Element> {
        RefCountObservable(source: self)
    }
}

private final class MulticastConnectable<Subject: ObservableType & ObserverType & Sendable>:
    ConnectableObservable<Subject.Element>, @unchecked Sendable
{  // `subject`/`connection` guarded by `lock`
    typealias Element = Subject.Element
    let source: Observable<Element>
    let makeSubject: @Sendable () -> Subject
    let lock = Lock()
    var subject: Subject?
    var connection: MulticastConnection<Subject>?

    init(source: Observable<Element>, makeSubject: @escaping @Sendable () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    /// The current subject, made outside the lock if there is none.
    private func currentSubject() -> Subject {
        if let existing = lock.withLock({ subject }) { return existing }
        let made = makeSubject()
        return lock.withLock {
            if let existing = subject { return existing }
            subject = made
            return made
        }
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        currentSubject().asObservable().subscribe(receiver)
    }

    override func connect() -> any Disposable {
        let made = currentSubject()
        lock.lock()
        if let connection {
            lock.unlock()
            return connection
        }
        let target = subject ?? made
        subject = target
        let newConnection = MulticastConnection(parent: self, subject: target)
        connection = newConnection
        lock.unlock()
        newConnection.setUpstream(source.subscribe(newConnection))
        return newConnection
    }

    /// Forgets `connection` (and its subject) if it is still the current one.
    func detach(_ ended: MulticastConnection<Subject>) {
        let released: Subject? = lock.withLock {
            guard connection === ended else { return nil }
            connection = nil
            defer { subject = nil }
            return subject
        }
        _ = released  // released outside the lock
    }
}

/// One connection: forwards the source's events into the subject.
private final class MulticastConnection<Subject: ObservableType & ObserverType & Sendable>:
    SubscriptionNode<Subject.Element>, @unchecked Sendable
{  // immutable fields; see SubscriptionNode
    let parent: MulticastConnectable<Subject>
    let subject: Subject

    init(parent: MulticastConnectable<Subject>, subject: Subject) {
        self.parent = parent
        self.subject = subject
    }

    override func onNext(_ element: Subject.Element) {
        if !isDisposed { subject.on(.next(element)) }
    }

    override func onError(_ error: any Error) { stop(.error(error)) }
    override func onCompleted() { stop(.completed) }

    private func stop(_ event: Event<Subject.Element>) {
        guard let previous = markDisposed() else { return }
        parent.detach(self)
        subject.on(event)
        tearDown(previousState: previous)
    }

    override func disposeResources() { parent.detach(self) }
}

private final class RefCountObservable<Element>: Observable<Element>, @unchecked Sendable {  // state guarded by `lock`
    let source: ConnectableObservable<Element>
    let lock = Lock()
    private var count = 0
    private var generation: UInt64 = 0
    private var connectable: (any Disposable)?
    private var reconciling = false

    init(source: ConnectableObservable<Element>) {
        self.source = source
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = RefCountSink(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        lock.lock()
        if sink.isDisposed { return finishLocked(reconcile: false, sink) }
        sink.generation = generation
        sink.counted = true
        count += 1
        return finishLocked(reconcile: true, sink)
    }

    private func finishLocked(reconcile: Bool, _ sink: RefCountSink<Element>) -> any Disposable {
        let run = reconcile && startReconcilingLocked()
        lock.unlock()
        if run { self.reconcile() }
        return sink
    }

    /// Marks this thread as the reconciler if none is running. Call with `lock` held.
    private func startReconcilingLocked() -> Bool {
        if reconciling { return false }
        reconciling = true
        return true
    }

    /// Connects or disconnects, outside the lock, until the connection matches the count.
    /// A connection made for a generation that has ended meanwhile is disposed, not kept.
    private func reconcile() {
        while true {
            lock.lock()
            var toDisconnect: (any Disposable)?
            if count > 0, connectable == nil {
                toDisconnect = nil
            } else if count == 0, let current = connectable {
                connectable = nil
                toDisconnect = current
            } else {
                reconciling = false
                return lock.unlock()
            }
            let connectingGeneration = generation
            lock.unlock()
            if let toDisconnect {
                toDisconnect.dispose()
                continue
            }
            let connection = source.connect()
            lock.lock()
            if generation == connectingGeneration {
                connectable = connection
                lock.unlock()
            } else {
                lock.unlock()
                connection.dispose()
            }
        }
    }

    /// A sink left (disposal): uncounts it if it still belongs to the current connection.
    func leave(_ sink: RefCountSink<Element>) {
        lock.lock()
        guard sink.counted else { return lock.unlock() }
        sink.counted = false
        guard sink.generation == generation else { return lock.unlock() }
        count -= 1
        if count == 0 { generation &+= 1 }
        let run = count == 0 && startReconcilingLocked()
        lock.unlock()
        if run { reconcile() }
    }

    /// The shared sequence terminated: the connection is over for every current sink. A sink that
    /// terminated while subscribing (a subject that had already stopped) was never counted.
    func terminated(_ sink: RefCountSink<Element>) {
        lock.lock()
        guard sink.counted else { return lock.unlock() }
        sink.counted = false
        guard sink.generation == generation else { return lock.unlock() }
        count = 0
        generation &+= 1
        let ended = connectable
        connectable = nil
        lock.unlock()
        ended?.dispose()
    }
}

// Unchecked Sendable: `generation`/`counted` guarded by the parent's lock
private final class RefCountSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    let parent: RefCountObservable<Element>
    var generation: UInt64 = 0
    var counted = false

    init(parent: RefCountObservable<Element>, downstream: Receiver<Element>) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { forwardNext(element) }

    override func onError(_ error: any Error) {
        parent.terminated(self)
        forwardError(error)
    }

    override func onCompleted() {
        parent.terminated(self)
        forwardCompleted()
    }

    override func disposeResources() { parent.leave(self) }
}
