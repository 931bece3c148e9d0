// States: one machine per type.
// - MulticastConnectable, with its own `refCount()`: one state machine for the subject, the
//   connection and the refCount observers. A *generation* is the life of one subject: made on
//   demand (the factory runs outside the lock; a racing loser's subject is dropped), every
//   observer that subscribes during the generation attaches to it, and the generation's connection
//   forwards the source into it. States: unconnected (maybe a subject made for the next
//   connection); connected; and, for refCount, reconciling (one thread connects or disconnects,
//   outside the lock, until the connection matches `count`, so concurrent first observers connect
//   once and a reentrant disposal during the connect is honoured right after it returns). A
//   generation ends in one transition that removes its connection and its subject and zeroes
//   `count`: refCount's disconnect (the count reached 0), or the connection ending by itself
//   (the source's terminal event, or its disposable disposed), which then sends the terminal
//   event into the subject outside any lock. The source is subscribed outside the lock after the
//   connection is published, so a source that emits (or reenters `connect`/`subscribe`)
//   synchronously cannot deadlock; a concurrent `connect` gets the published connection.
//
//   Invariant (issue #22): a refCount observer is counted and handed its generation's subject in
//   one transition, and attaches to that subject right after it (outside the lock). While it is
//   counted the count is above 0, so no disconnect ends its generation, and the connection of its
//   generation — current, or made by the reconciler before it stops — forwards into that very
//   subject. An observer arriving while the last one leaves is therefore either counted before the
//   disconnect is decided (which then does not happen) or after it, in the next generation, whose
//   subject the reconnect feeds; it is never attached to the subject a disconnect drops. If its
//   generation ends through the source's terminal event before it attaches, the subject replays
//   that event to it. (A subscriber counted while another thread reconciles may attach after that
//   thread connected, and then misses what the source sent before — as any subscriber arriving
//   while the source emits.) A sink is made after it was counted, with its generation as a
//   `let`; the engine releases its resources once, so it leaves once. No transition writes
//   anything but the connectable's own state.
// - RefCountObservable, for connectables of your own: it counts observers (idle; counted;
//   reconciling, as above) but cannot see when such a connectable switches subjects, so the
//   ordering above is the library connectables' guarantee, not this one's.

// Unchecked Sendable: subclasses guard their state with a lock
/// An observable that shares one subscription to its source, made by ``connect()``.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
    override init() {}

    /// Subscribes the shared subject to the source, if not already connected; disposing the result
    /// disconnects.
    public func connect() -> any Disposable { preconditionFailure("abstract") }

    /// What ``ConnectableObservableType/refCount(file:line:)`` returns for this connectable.
    func makeRefCount() -> Observable<Element> { RefCountObservable(source: self) }
}

extension ObservableType {
    /// Shares the source through `subject`: observers subscribe to `subject`, and ``ConnectableObservable/connect()``
    /// subscribes `subject` to the source.
    ///
    /// The same subject is used for every connection, so after the source terminates new observers
    /// get what that subject replays.
    public func multicast<Subject: SubjectType & Sendable>(
        _ subject: Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        MulticastConnectable(source: asObservable(), makeSubject: { subject })
    }

    /// Shares the source through a subject made by `makeSubject` for each connection; the subject
    /// is dropped when the connection is disposed or the source terminates.
    public func multicast<Subject: SubjectType & Sendable>(
        makeSubject: @escaping @Sendable () -> Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
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

extension ConnectableObservableType {
    /// Connects when the first observer subscribes and disconnects when the last one leaves.
    ///
    /// Each observer subscribes to the shared subject before the connection is made. When the
    /// source terminates, the connection is dropped, so the next observer connects again.
    public func refCount(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        let refCounted = (self as? ConnectableObservable<Element>)?.makeRefCount() ?? RefCountObservable(source: self)
        return refCounted.inspected(as: "refCount", file: file, line: line)
    }
}

private final class MulticastConnectable<Subject: SubjectType & Sendable>:
    ConnectableObservable<Subject.Element>, @unchecked Sendable  // `cell` is the synchronisation
{
    typealias Element = Subject.Element
    typealias Input = Subject.Observer.Element

    /// The current generation (see the header): its subject, its connection, its refCount observers.
    fileprivate struct State {
        var subject: Subject?
        var connection: MulticastConnection<Subject>?
        /// How many refCount observers of the current generation are subscribed.
        var count = 0
        var generation: UInt64 = 0
        var isReconciling = false

        /// Marks this thread as the reconciler if none is running.
        mutating func startReconciling() -> Bool {
            if isReconciling { return false }
            isReconciling = true
            return true
        }

        /// Ends the generation: its observers are no longer counted, and its connection and
        /// subject leave the state (the caller disposes and releases them outside the lock).
        mutating func endGeneration() -> (MulticastConnection<Subject>?, Subject?) {
            generation &+= 1
            count = 0
            return (connection.take(), subject.take())
        }
    }

    /// What refCount's reconciling thread does next.
    private enum Step {
        case connect(MulticastConnection<Subject>)
        case disconnect(MulticastConnection<Subject>?, dropped: Subject?)
        case done
    }

    let source: Observable<Input>
    let makeSubject: @Sendable () -> Subject
    private let cell = LockedCell(State())

    init(source: Observable<Input>, makeSubject: @escaping @Sendable () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    /// The current subject, made outside the lock if there is none.
    private func currentSubject() -> Subject {
        if let existing = cell.read({ $0.subject }) { return existing }
        let made = makeSubject()
        return cell.update { state in
            if let existing = state.subject { return existing }
            state.subject = made
            return made
        }
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        currentSubject().asObservable().subscribe(receiver)
    }

    override func connect() -> any Disposable {
        let made = currentSubject()
        let (connection, isNew) = cell.update { state in
            if let existing = state.connection { return (existing, false) }
            let target = state.subject ?? made
            state.subject = target
            let connection = MulticastConnection(parent: self, subject: target)
            state.connection = connection
            return (connection, true)
        }
        if isNew { connection.setUpstream(source.subscribe(connection)) }
        return connection
    }

    /// The connection ended by itself (terminal event, or its disposable disposed): if it is
    /// still the current one, its generation ends.
    func detach(_ ended: MulticastConnection<Subject>) {
        let (connection, subject) = cell.update { state in
            state.connection === ended ? state.endGeneration() : (nil, nil)
        }
        _ = consume connection  // released here, after unlocking
        _ = consume subject
    }

    override func makeRefCount() -> Observable<Element> { MulticastRefCount(parent: self) }

    /// A refCount observer: counted and handed the current generation's subject in one
    /// transition, then attached to that subject (the header's invariant), then — if it is the
    /// first — connected.
    func subscribeCounted(_ receiver: Receiver<Element>) -> any Disposable {
        var made: Subject?
        while true {
            let joined: (subject: Subject, generation: UInt64, reconcile: Bool)? = cell.update { state in
                let subject: Subject
                if let existing = state.subject {
                    subject = existing
                } else if let made {
                    state.subject = made
                    subject = made
                } else {
                    return nil
                }
                state.count += 1
                return (subject, state.generation, state.startReconciling())
            }
            guard let joined else {
                made = makeSubject()  // outside the lock; dropped if another thread's wins
                continue
            }
            // Made after it was counted, with its generation: the transition writes nothing but
            // the connectable's own state, and the sink's membership never changes.
            let sink = MulticastRefCountSink(parent: self, generation: joined.generation, downstream: receiver)
            sink.setUpstream(joined.subject.asObservable().subscribe(sink))
            if joined.reconcile { reconcile() }
            return sink
        }
    }

    /// A refCount observer left (disposal, or after its terminal event; the engine releases a
    /// sink's resources once): uncounts it if it still belongs to the current generation, and
    /// disconnects if it was the last.
    func leave(_ sink: MulticastRefCountSink<Subject>) {
        let generation = sink.generation
        let reconcile = cell.update { state in
            guard generation == state.generation else { return false }
            state.count -= 1
            return state.count == 0 && state.connection != nil && state.startReconciling()
        }
        if reconcile { self.reconcile() }
    }

    /// Connects or disconnects, outside the lock, until the connection matches the count. A
    /// connection is made for the current generation's subject, under the lock; a disconnect ends
    /// the generation in the transition that decides it.
    private func reconcile() {
        while true {
            let step: Step = cell.update { state in
                if state.count > 0, state.connection == nil, let subject = state.subject {
                    let connection = MulticastConnection(parent: self, subject: subject)
                    state.connection = connection
                    return .connect(connection)
                }
                if state.count == 0, state.connection != nil {
                    let (connection, subject) = state.endGeneration()
                    return .disconnect(connection, dropped: subject)
                }
                state.isReconciling = false
                return .done
            }
            switch step {
            case .done:
                return
            case .connect(let connection):
                connection.setUpstream(source.subscribe(connection))
            case .disconnect(let connection, _):
                connection?.dispose()  // its `detach` finds it gone; the subject is released here
            }
        }
    }
}

/// `refCount()` of a library connectable: its state lives in the connectable.
private final class MulticastRefCount<Subject: SubjectType & Sendable>: Observable<Subject.Element>,
    @unchecked Sendable  // immutable
{
    let parent: MulticastConnectable<Subject>

    init(parent: MulticastConnectable<Subject>) { self.parent = parent }

    override func subscribe(_ receiver: Receiver<Subject.Element>) -> any Disposable {
        parent.subscribeCounted(receiver)
    }
}

private final class MulticastRefCountSink<Subject: SubjectType & Sendable>:
    Sink<Subject.Element, Subject.Element>,
    @unchecked Sendable  // immutable; see SubscriptionNode
{
    let parent: MulticastConnectable<Subject>
    /// The generation it was counted in.
    let generation: UInt64

    init(parent: MulticastConnectable<Subject>, generation: UInt64, downstream: Receiver<Subject.Element>) {
        self.parent = parent
        self.generation = generation
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Subject.Element) { forwardNext(element) }

    // The source's terminal event ended the generation before it reached the subject (the
    // connection detaches first), so the sink forwards it and its release changes nothing; a
    // terminal event the subject got otherwise (a `multicast(subject)` completed by hand) is
    // forwarded too, and the release uncounts the sink like a disposal.
    override func disposeResources() { parent.leave(self) }
}

/// One connection: forwards the source's events into the subject's observer.
private final class MulticastConnection<Subject: SubjectType & Sendable>:
    SubscriptionNode<Subject.Observer.Element>, @unchecked Sendable
{  // immutable fields; see SubscriptionNode
    let parent: MulticastConnectable<Subject>
    let observer: Subject.Observer

    init(parent: MulticastConnectable<Subject>, subject: Subject) {
        self.parent = parent
        self.observer = subject.asObserver()
        super.init()
    }

    override func onNext(_ element: Subject.Observer.Element) {
        if !isDisposed { observer.on(.next(element)) }
    }

    override func onError(_ error: any Error) { stop(.error(error)) }
    override func onCompleted() { stop(.completed) }

    private func stop(_ event: Event<Subject.Observer.Element>) {
        guard let previous = markDisposed() else { return }
        parent.detach(self)
        observer.on(event)
        tearDown(previousState: previous)
    }

    override func disposeResources() { parent.detach(self) }
}

/// `refCount()` of a connectable that is not the library's (see the header).
// Unchecked Sendable: `cell` is the synchronisation
private final class RefCountObservable<Element>: Observable<Element>, @unchecked Sendable {
    /// The count of the current connection's observers, and the reconciling thread's flag.
    fileprivate struct State {
        var count = 0
        var generation: UInt64 = 0
        var connection: (any Disposable)?
        var isReconciling = false

        /// Marks this thread as the reconciler if none is running.
        mutating func startReconciling() -> Bool {
            if isReconciling { return false }
            isReconciling = true
            return true
        }
    }

    /// What the reconciling thread does next.
    private enum Step {
        case connect(generation: UInt64)
        case disconnect(any Disposable)
        case done
    }

    /// The shared sequence observers subscribe to, and what connects it.
    let source: Observable<Element>
    /// The connectable's `connect()` (a closure, not an `any ConnectableObservableType<Element>`:
    /// that existential needs the macOS 13 / iOS 16 runtime).
    let connect: () -> any Disposable
    private let cell = LockedCell(State())

    init(source: some ConnectableObservableType<Element>) {
        self.source = source.asObservable()
        self.connect = { source.connect() }
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = RefCountSink(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        let reconcile = cell.update { state in
            guard !sink.isDisposed else { return false }
            sink.generation = state.generation
            sink.counted = true
            state.count += 1
            return state.startReconciling()
        }
        if reconcile { self.reconcile() }
        return sink
    }

    /// Connects or disconnects, outside the lock, until the connection matches the count.
    /// A connection made for a generation that has ended meanwhile is disposed, not kept.
    private func reconcile() {
        while true {
            let step: Step = cell.update { state in
                if state.count > 0, state.connection == nil { return .connect(generation: state.generation) }
                if state.count == 0, let current = state.connection.take() { return .disconnect(current) }
                state.isReconciling = false
                return .done
            }
            switch step {
            case .done:
                return
            case .disconnect(let connection):
                connection.dispose()
            case .connect(let generation):
                let connection = connect()
                let stale: (any Disposable)? = cell.update { state in
                    guard state.generation == generation else { return connection }
                    state.connection = connection
                    return nil
                }
                stale?.dispose()
            }
        }
    }

    /// A sink left (disposal): uncounts it if it still belongs to the current connection.
    func leave(_ sink: RefCountSink<Element>) {
        let reconcile = cell.update { state in
            guard sink.counted else { return false }
            sink.counted = false
            guard sink.generation == state.generation else { return false }
            state.count -= 1
            guard state.count == 0 else { return false }
            state.generation &+= 1
            return state.startReconciling()
        }
        if reconcile { self.reconcile() }
    }

    /// The shared sequence terminated: the connection is over for every current sink. A sink that
    /// terminated while subscribing (a subject that had already stopped) was never counted.
    func terminated(_ sink: RefCountSink<Element>) {
        let ended: (any Disposable)? = cell.update { state in
            guard sink.counted else { return nil }
            sink.counted = false
            guard sink.generation == state.generation else { return nil }
            state.count = 0
            state.generation &+= 1
            return state.connection.take()
        }
        ended?.dispose()
    }
}

private final class RefCountSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // `generation`/`counted` are touched only inside the parent's transitions
{
    let parent: RefCountObservable<Element>
    @exclusivity(unchecked) var generation: UInt64 = 0
    @exclusivity(unchecked) var counted = false

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
