#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The delivery engine every subject shares: a lock-guarded observer list and the serial
/// ``DeliveryQueue``.
///
/// Reentrancy and concurrency policy (Docs/Contract.md): an event sent while another delivery
/// is running — from inside an observer (reentrant) or from another thread — is queued and
/// delivered by the thread that is already delivering, after the current event, in the order
/// sent. So observers never see overlapping calls, nothing waits on a lock while observers run,
/// and reentrant sends neither deadlock nor warn.
///
/// A new subscriber's replay (the current value, the buffer, or the stop event) goes through the
/// same queue, so it arrives before any later event and never overlaps one. Each event carries a
/// sequence number; an observer receives only events accepted after it subscribed.
///
/// States: open (events are accepted and broadcast); stopped (a stop event was accepted: new
/// subscribers get the policy's replay, which ends with it); disposed (every observer released;
/// later use fails with ``StreamsError/disposed(object:)``).
///
/// Invariants: every `var` is touched only with `lock` held (the observer list's own invariants
/// are in ``SubjectObservers``); what the policy displaces, what is removed and what is queued is
/// released after unlocking.
///
/// Performance (Docs/Performance.md): this generic class runs unspecialized when the app is
/// another module, so the per-element path touches no generic nested type (each would cost a
/// runtime metadata lookup): entries are the non-generic ``SubjectEntry``, and an element is
/// delivered without building a `Work` value when nothing is queued. Observers are called through
/// the snapshot's unmanaged reference, so a delivery costs no retain/release: the snapshot keeps
/// them alive.
// Unchecked Sendable: see the invariants
final class SubjectCore<Element, Policy: SubjectPolicy<Element>>: AnySubjectCore<Element>, @unchecked Sendable {
    enum Work {
        case next(Element, sequence: UInt64)
        case stop(Event<Element>, sequence: UInt64)
        case replay(id: UInt64, events: [Event<Element>])
    }

    private let lock = Lock()
    // Guarded by `lock` (or owned by the one delivering thread), so the dynamic exclusivity checks
    // Swift would run on each access are redundant.
    @exclusivity(unchecked) private var observers = SubjectObservers()
    @exclusivity(unchecked) private var delivery = DeliveryQueue<Work>()
    /// The thread running the delivery loop while it is claimed.
    @exclusivity(unchecked) private var deliverer: pthread_t?
    @exclusivity(unchecked) private var lastSequence: UInt64 = 0
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var disposed = false
    /// The subject kind's own state (value, buffer, stop event).
    @exclusivity(unchecked) private var policy: Policy

    init(policy: Policy) {
        self.policy = policy
    }

    deinit {
        delivery.destroy()
        policy.destroy()
    }

    override var isStopped: Bool { lock.withLock { stopped } }

    /// Reads the policy's state (a current value) under the lock; fails once disposed.
    func readPolicy<Result>(_ body: (Policy) throws -> Result) throws -> Result {
        try lock.withLock {
            if disposed { throw StreamsError.disposed(object: self) }
            return try body(policy)
        }
    }

    // MARK: Sending

    override func sendNext(_ element: Element) {
        lock.lock()
        guard !stopped, !disposed else { return lock.unlock() }
        lastSequence &+= 1
        guard Policy.storesElements else { return broadcast(element) }
        var released = ReleaseList()
        policy.acceptNext(element, releasing: &released)
        guard Policy.broadcastsElements else { return lock.unlock() }
        broadcast(element)
        _ = consume released  // released here, after unlocking
    }

    /// Delivers `element` to the observers, or queues it behind a running delivery. Called with
    /// the lock held; returns with it released.
    @inline(__always)
    private func broadcast(_ element: Element) {
        guard delivery.claimIfIdle() else { return enqueueNext(element) }
        deliverer = pthread_self()
        let snapshot = observers.entries
        let sequence = lastSequence
        lock.unlock()
        deliver(element, sequence: sequence, to: snapshot)
        deliverQueued()
    }

    /// Queues an element sent while another delivery runs, and releases the lock. Kept out of
    /// `sendNext` so the common path never needs `Work`'s metadata.
    @inline(never)
    private func enqueueNext(_ element: Element) {
        delivery.enqueue(.next(element, sequence: lastSequence))
        lock.unlock()
    }

    override func sendStop(_ event: Event<Element>) {
        lock.lock()
        guard !stopped, !disposed else { return lock.unlock() }
        stopped = true
        policy.acceptStop(event)
        let events = event.isCompleted ? policy.completionEvents() : [event]
        for stopOrLast in events {
            lastSequence &+= 1
            if case .next(let element) = stopOrLast {
                delivery.enqueue(.next(element, sequence: lastSequence))
            } else {
                delivery.enqueue(.stop(stopOrLast, sequence: lastSequence))
            }
        }
        let claimed = delivery.claim()
        if claimed { deliverer = pthread_self() }
        lock.unlock()
        if claimed { deliverQueued() }
    }

    /// The delivery loop: runs the queued work, one item at a time and outside the lock, until
    /// nothing waits. Called by the thread that claimed the loop.
    ///
    /// The common case — nothing queued — touches no `Work` value: a function with a local of that
    /// nested generic type looks up its metadata at runtime on entry, so the loop is outlined.
    @inline(__always)
    private func deliverQueued() {
        lock.lock()
        guard delivery.isEmpty else { return drainQueued() }
        _ = delivery.hasNext()  // releases the loop
        deliverer = nil
        lock.unlock()
    }

    /// ``deliverQueued()`` when work waits: called with the lock held.
    @inline(never)
    private func drainQueued() {
        while delivery.hasNext() {
            do {  // the work item and the snapshot go out of scope before the lock is taken again
                let work = delivery.takeNext()
                let snapshot = observers.entries
                if case .stop = work { _ = observers.removeAll() }  // the snapshot keeps them alive
                lock.unlock()
                perform(work, on: snapshot)
                // Orders this thread's reads of the snapshot before a later removal that finds the
                // observer array unique and writes it in place (the reference count is not a
                // synchronisation ThreadSanitizer sees); then the snapshot goes, outside the lock.
                lock.lock()
                lock.unlock()
            }
            lock.lock()
        }
        deliverer = nil
        lock.unlock()
    }

    /// Sends `element` to the snapshot's observers that joined before `sequence`.
    ///
    /// `snapshot` owns a strong reference to every receiver in it (a removal during the delivery
    /// copies `entries` and leaves the snapshot intact), so the calls go through the entries'
    /// unmanaged references with no retain/release.
    private func deliver(_ element: Element, sequence: UInt64, to snapshot: ContiguousArray<SubjectEntry>) {
        snapshot.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<buffer.count where base[index].receiver != nil && base[index].joinedAfter < sequence {
                base[index].target._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: Receiver<Element>.self).onNext(element)
                }
            }
        }
    }

    private func perform(_ work: Work, on snapshot: ContiguousArray<SubjectEntry>) {
        switch work {
        case .next(let element, let sequence):
            deliver(element, sequence: sequence, to: snapshot)
        case .stop(let event, let sequence):
            for entry in snapshot where entry.joinedAfter < sequence {
                guard let receiver = entry.receiver else { continue }
                unsafeDowncast(receiver, to: Receiver<Element>.self).on(event)
            }
        case .replay(let id, let events):
            guard let receiver = snapshot.first(where: { $0.id == id })?.receiver else { return }
            for event in events { unsafeDowncast(receiver, to: Receiver<Element>.self).on(event) }
        }
    }

    // MARK: Subscribing

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        lock.lock()
        if Policy.replaysOnlyStopEvent, !disposed, !stopped {
            // Nothing to replay: skip building the (generic, so costly) replay array.
            let id = observers.add(receiver, joinedAfter: lastSequence)
            lock.unlock()
            return SubjectSubscription(subject: self, id: id)
        }
        return subscribeReplaying(receiver)
    }

    /// `subscribe` for a subject that has something to replay, has stopped or was disposed.
    /// Called with the lock held; releases it.
    @inline(never)
    private func subscribeReplaying(_ receiver: Receiver<Element>) -> any Disposable {
        if disposed {
            lock.unlock()
            receiver.onError(StreamsError.disposed(object: self))
            return NopDisposable()
        }
        let replay = policy.replay()
        if stopped {
            lock.unlock()
            for event in replay { receiver.on(event) }
            return NopDisposable()
        }
        let id = observers.add(receiver, joinedAfter: lastSequence)
        let subscription = SubjectSubscription(subject: self, id: id)
        guard !replay.isEmpty else {
            lock.unlock()
            return subscription
        }
        if delivery.isDelivering, let deliverer, pthread_equal(deliverer, pthread_self()) != 0 {
            // Subscribed from inside a delivery on this thread: replay now, as RxSwift does.
            // This thread runs the delivery loop, so nothing else can call the new observer.
            lock.unlock()
            for event in replay { receiver.on(event) }
            return subscription
        }
        let work = Work.replay(id: id, events: replay)
        guard delivery.submit(work) else {
            lock.unlock()  // queued behind a delivery on another thread
            return subscription
        }
        deliverer = pthread_self()
        let snapshot = observers.entries
        lock.unlock()
        perform(work, on: snapshot)
        deliverQueued()
        return subscription
    }

    /// Removes the observer subscribed as `key` (its id); does nothing if it is gone.
    override func dispose(key: UInt64) {
        let removed = lock.withLock { observers.remove(id: key) }
        _ = consume removed  // released here, after unlocking
    }

    override var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

    override func dispose() {
        var stored = ReleaseList()
        let (removedObservers, removedWork): (ContiguousArray<SubjectEntry>, [Work]) = lock.withLock {
            disposed = true
            policy.removeStored(releasing: &stored)
            return (observers.removeAll(), delivery.removeAll())
        }
        // Outside the lock: the observers' subscriptions are over, so what they captured goes.
        Self.tellSourceWentAway(removedObservers)
        _ = consume removedObservers  // released here, after unlocking
        _ = consume removedWork
        _ = consume stored
    }

    override func releaseObservers() {
        let removed = lock.withLock { observers.removeAll() }
        Self.tellSourceWentAway(removed)
    }

    /// Tells each observer in `entries` that its source let go of it
    /// (``DisposableNode/upstreamWentAway()``). Call outside the lock.
    private static func tellSourceWentAway(_ entries: ContiguousArray<SubjectEntry>) {
        for entry in entries {
            guard let receiver = entry.receiver else { continue }
            // Every observer of a subject is one of the engine's receivers.
            unsafeDowncast(receiver, to: DisposableNode.self).upstreamWentAway()
        }
    }
}

/// What a subject's public class calls: its ``SubjectCore`` with the policy erased, so every
/// subject shares one public surface (``Subject``) for the price of a vtable call.
class AnySubjectCore<Element>: DisposableNode, @unchecked Sendable {  // abstract: no state
    /// Sends an element to every current observer (queued if a delivery is running).
    func sendNext(_ element: Element) { preconditionFailure("abstract") }

    /// Sends a stop event; later sends are ignored.
    func sendStop(_ event: Event<Element>) { preconditionFailure("abstract") }

    /// Subscribes `receiver`: it receives the policy's replay, then the events sent afterwards.
    func subscribe(_ receiver: Receiver<Element>) -> any Disposable { preconditionFailure("abstract") }

    /// `true` once a stop event was accepted.
    var isStopped: Bool { preconditionFailure("abstract") }

    /// `true` if at least one observer is subscribed.
    var hasObservers: Bool { preconditionFailure("abstract") }

    /// The subject went away: lets go of every observer, telling each (outside the lock) that its
    /// source is gone, without an event (see ``DisposableNode/upstreamWentAway()``). `dispose()`
    /// does the same for the observers it removes.
    func releaseObservers() { preconditionFailure("abstract") }
}

extension SubjectCore: CustomStringConvertible {
    /// The subject's kind, as ``StreamsError/disposed(object:)`` names it ("PublishSubject").
    var description: String { Policy.subjectName }
}
