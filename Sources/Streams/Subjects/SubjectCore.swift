#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Unchecked Sendable: all mutable state guarded by `lock`
/// The delivery engine every subject shares: a lock-guarded observer list and a serialized,
/// in-order delivery loop.
///
/// Reentrancy and concurrency policy (Docs/Contract.md): an event sent while another delivery
/// is running — from inside an observer (reentrant) or from another thread — is queued and
/// delivered by the thread that is already delivering, after the current event, in the order
/// sent. So observers never see overlapping calls, nothing waits on a lock while observers run,
/// and reentrant sends neither deadlock nor warn.
///
/// A new subscriber's replay (the current value, the buffer, or the stop event) goes through the
/// same loop, so it arrives before any later event and never overlaps one. Each event carries a
/// sequence number; an observer receives only events accepted after it subscribed.
///
/// Invariants: `delivering` is `true` while exactly one thread delivers; `entries` is sorted by id;
/// removed entries become tombstones (`receiver == nil`) until compaction; `queuedCount` is
/// `queue.count - queueHead`.
///
/// Performance (Docs/Performance.md): this generic class runs unspecialized when the app is
/// another module, so the per-element path touches no generic nested type (each would cost a
/// runtime metadata lookup): entries are the non-generic ``SubjectEntry``, an element is
/// delivered without building a `Work` value when nothing is queued, and the queue is tested
/// through the plain `queuedCount`. Observers are called through the snapshot's unmanaged
/// reference, so a delivery costs no retain/release: the snapshot keeps them alive.
final class SubjectCore<Element, Policy: SubjectPolicy<Element>>: ObserverList, @unchecked Sendable {
    enum Work {
        case next(Element, sequence: UInt64)
        case stop(Event<Element>, sequence: UInt64)
        case replay(id: UInt64, events: [Event<Element>])
    }

    // Every `var` below is guarded by `lock` (or owned by the one delivering thread), so the
    // dynamic exclusivity checks Swift would run on each access are redundant.
    let lock = Lock()
    @exclusivity(unchecked) private var entries = ContiguousArray<SubjectEntry>()
    @exclusivity(unchecked) private var tombstones = 0
    @exclusivity(unchecked) private var queue: [Work] = []
    @exclusivity(unchecked) private var queueHead = 0
    @exclusivity(unchecked) private var queuedCount = 0
    @exclusivity(unchecked) private var delivering = false
    /// The thread running the delivery loop while `delivering` is set.
    @exclusivity(unchecked) private var deliverer: pthread_t?
    @exclusivity(unchecked) private var lastSequence: UInt64 = 0
    @exclusivity(unchecked) private var nextID: UInt64 = 0
    @exclusivity(unchecked) private(set) var isStoppedLocked = false
    @exclusivity(unchecked) private(set) var isDisposedLocked = false

    /// The subject kind's own state (value, buffer, stop event), guarded by `lock`.
    @exclusivity(unchecked) var policy: Policy

    init(policy: Policy) {
        self.policy = policy
    }

    // MARK: Sending

    /// Sends an element to every current observer (queued if a delivery is running).
    func sendNext(_ element: Element) {
        lock.lock()
        guard !isStoppedLocked, !isDisposedLocked else { return lock.unlock() }
        lastSequence &+= 1
        policy.acceptNext(element)
        guard Policy.broadcastsElements else { return lock.unlock() }
        guard !delivering else { return enqueueNext(element) }
        delivering = true
        deliverer = pthread_self()
        let snapshot = entries
        let sequence = lastSequence
        lock.unlock()
        deliver(element, sequence: sequence, to: snapshot)
        lock.lock()
        finishDelivery()
    }

    /// Queues an element sent while another delivery runs, and releases the lock. Kept out of
    /// `sendNext` so the common path never needs `Work`'s metadata.
    @inline(never)
    private func enqueueNext(_ element: Element) {
        enqueue(.next(element, sequence: lastSequence))
        lock.unlock()
    }

    /// Appends work for the delivering thread. Called with the lock held.
    private func enqueue(_ work: Work) {
        queue.append(work)
        queuedCount += 1
    }

    /// Called with the lock held and `delivering` set after a delivery: runs what was queued
    /// meanwhile, then returns with the lock released and `delivering` cleared.
    @inline(__always)
    private func finishDelivery() {
        guard queuedCount > 0 else {
            delivering = false
            return lock.unlock()
        }
        drainQueued()
    }

    /// Runs the queued work; see `drain`.
    @inline(never)
    private func drainQueued() {
        let work = queue[queueHead]
        queueHead += 1
        queuedCount -= 1
        drain(startingWith: work)
    }

    /// Sends a stop event; later sends are ignored.
    func sendStop(_ event: Event<Element>) {
        lock.lock()
        guard !isStoppedLocked, !isDisposedLocked else { return lock.unlock() }
        isStoppedLocked = true
        policy.acceptStop(event)
        let events = event.isCompleted ? policy.completionEvents() : [event]
        var works: [Work] = []
        for stopOrLast in events {
            lastSequence &+= 1
            if case .next(let element) = stopOrLast {
                works.append(.next(element, sequence: lastSequence))
            } else {
                works.append(.stop(stopOrLast, sequence: lastSequence))
            }
        }
        guard !delivering else {
            for work in works { enqueue(work) }
            return lock.unlock()
        }
        delivering = true
        deliverer = pthread_self()
        for work in works.dropFirst() { enqueue(work) }
        drain(startingWith: works[0])
    }

    /// Runs `first`, then everything queued meanwhile. Called with the lock held and
    /// `delivering` set; returns with the lock released and `delivering` cleared.
    private func drain(startingWith first: Work) {
        var work = first
        while true {
            let snapshot = entries
            if case .stop = work {
                entries.removeAll()
                tombstones = 0
            }
            lock.unlock()
            perform(work, on: snapshot)
            lock.lock()
            if queuedCount > 0 {
                work = queue[queueHead]
                queueHead += 1
                queuedCount -= 1
                continue
            }
            queue.removeAll(keepingCapacity: queue.count < 64)
            queueHead = 0
            delivering = false
            deliverer = nil
            return lock.unlock()
        }
    }

    /// Sends `element` to the snapshot's observers that joined before `sequence`.
    ///
    /// `snapshot` owns a strong reference to every receiver in it (a removal during the delivery
    /// copies `entries` and leaves the snapshot intact), so the calls go through the entries'
    /// unmanaged references with no retain/release.
    private func deliver(_ element: Element, sequence: UInt64, to snapshot: ContiguousArray<SubjectEntry>) {
        snapshot.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<buffer.count where base[index].isLive && base[index].joinedAfter < sequence {
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

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        lock.lock()
        if Policy.replaysOnlyStopEvent, !isDisposedLocked, !isStoppedLocked {
            // Nothing to replay: skip building the (generic, so costly) replay array.
            let id = nextID
            nextID += 1
            entries.append(SubjectEntry(id: id, joinedAfter: lastSequence, receiver: receiver))
            lock.unlock()
            return SubjectSubscription(subject: self, id: id)
        }
        return subscribeReplaying(receiver)
    }

    /// `subscribe` for a subject that has something to replay, has stopped or was disposed.
    /// Called with the lock held; releases it.
    @inline(never)
    private func subscribeReplaying(_ receiver: Receiver<Element>) -> any Disposable {
        if isDisposedLocked {
            lock.unlock()
            receiver.onError(StreamsError.disposed(object: Policy.subjectName))
            return NopDisposable()
        }
        let replay = policy.replay()
        if isStoppedLocked {
            lock.unlock()
            for event in replay { receiver.on(event) }
            return NopDisposable()
        }
        let id = nextID
        nextID += 1
        entries.append(SubjectEntry(id: id, joinedAfter: lastSequence, receiver: receiver))
        let subscription = SubjectSubscription(subject: self, id: id)
        guard !replay.isEmpty else {
            lock.unlock()
            return subscription
        }
        let work = Work.replay(id: id, events: replay)
        if delivering {
            if let deliverer, pthread_equal(deliverer, pthread_self()) != 0 {
                // Subscribed from inside a delivery on this thread: replay now, as RxSwift does.
                // This thread runs the delivery loop, so nothing else can call the new observer.
                lock.unlock()
                for event in replay { receiver.on(event) }
            } else {
                enqueue(work)
                lock.unlock()
            }
        } else {
            delivering = true
            deliverer = pthread_self()
            drain(startingWith: work)
        }
        return subscription
    }

    override func remove(id: UInt64) {
        let removed: AnyObject? = lock.withLock {
            guard let index = entryIndex(for: id), let receiver = entries[index].receiver else { return nil }
            entries[index].receiver = nil
            entries[index].isLive = false
            tombstones += 1
            if tombstones > 8, tombstones * 2 > entries.count {
                entries.removeAll { $0.receiver == nil }
                tombstones = 0
            }
            return receiver
        }
        _ = removed  // released outside the lock
    }

    private func entryIndex(for id: UInt64) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].id == id ? low : nil
    }

    /// `true` if at least one observer is subscribed.
    var hasObservers: Bool { lock.withLock { entries.count > tombstones } }

    /// Releases all observers; later use of the subject fails with ``StreamsError/disposed(object:)``.
    func dispose() {
        let released: ContiguousArray<SubjectEntry> = lock.withLock {
            isDisposedLocked = true
            defer { entries.removeAll() }
            return entries
        }
        _ = released
    }
}

/// One observer slot of a ``SubjectCore``. Not generic, so array operations on the observer list
/// need no runtime type metadata when the subject runs unspecialized.
struct SubjectEntry {
    let id: UInt64
    let joinedAfter: UInt64
    /// The `Receiver<Element>`, owned; `nil` once removed (a tombstone).
    var receiver: AnyObject?
    /// The same receiver, unowned, for calls that need no retain while the list owns it.
    let target: Unmanaged<AnyObject>
    /// `false` once removed; tested instead of loading `receiver`.
    var isLive = true

    init(id: UInt64, joinedAfter: UInt64, receiver: AnyObject) {
        self.id = id
        self.joinedAfter = joinedAfter
        self.receiver = receiver
        self.target = Unmanaged.passUnretained(receiver)
    }
}

// Unchecked Sendable: no state of its own; `SubjectCore` guards its state with its lock
/// What a ``SubjectSubscription`` needs from its subject: the non-generic base class of
/// ``SubjectCore``, so a subscription (and a node holding one as its upstream) reaches `remove`
/// through a plain class reference.
class ObserverList: @unchecked Sendable {
    /// Removes the observer subscribed as `id`; does nothing if it is gone.
    func remove(id: UInt64) {}
}

/// Removes one observer from a subject. A value type: subscribing to a subject allocates nothing
/// beyond the observer list's growth. Not generic, so returning it as `any Disposable` needs no
/// runtime metadata lookup; a ``SubscriptionNode`` stores it as its two words.
struct SubjectSubscription: Disposable {
    let subject: ObserverList
    let id: UInt64
    func dispose() { subject.remove(id: id) }
    /// The subject's observer list and the id, tagged odd (see ``SubscriptionNode``).
    var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { (subject, id << 1 | 1) }
}

/// What distinguishes one kind of subject from another: what it remembers and replays.
/// Every method is called with the subject's lock held and must not call out.
protocol SubjectPolicy<Element> {
    associatedtype Element
    /// The subject's name in error messages.
    static var subjectName: String { get }
    /// Whether elements are broadcast as they arrive (false for AsyncSubject).
    static var broadcastsElements: Bool { get }
    /// Records an element (the current value, the replay buffer, the last element).
    mutating func acceptNext(_ element: Element)
    /// Records the stop event.
    mutating func acceptStop(_ event: Event<Element>)
    /// The events a new subscriber receives first.
    func replay() -> [Event<Element>]
    /// The events broadcast on completion (AsyncSubject adds its last element).
    func completionEvents() -> [Event<Element>]
    /// `true` if `replay()` is empty until the stop event (PublishSubject), so subscribing
    /// can skip it.
    static var replaysOnlyStopEvent: Bool { get }
}

extension SubjectPolicy {
    static var broadcastsElements: Bool { true }
    static var replaysOnlyStopEvent: Bool { false }
    func completionEvents() -> [Event<Element>] { [.completed] }
}

/// Errors the library itself produces.
public enum StreamsError: Error, Equatable, Sendable {
    /// An operation on an object that was already disposed.
    case disposed(object: String)
    /// `timeout` fired.
    case timeout
    /// A sequence had no elements where one was required (`asSingle`, `first` on a single).
    case noElements
    /// A sequence had more than one element where one was required.
    case moreThanOneElement
    /// `element(at:)` asked for an index past the end.
    case argumentOutOfRange
    /// A generic failure with a message.
    case unknown(String)
}
