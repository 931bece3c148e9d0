#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
/// Invariants: `delivering` is `true` while exactly one thread runs `drain`; `entries` is sorted
/// by id; removed entries become tombstones (`receiver == nil`) until compaction.
// Unchecked Sendable: all mutable state guarded by `lock`
final class SubjectCore<Element, Policy: SubjectPolicy<Element>>: @unchecked Sendable {
    struct Entry {
        let id: UInt64
        let joinedAfter: UInt64
        var receiver: Receiver<Element>?
    }

    enum Work {
        case next(Element, sequence: UInt64)
        case stop(Event<Element>, sequence: UInt64)
        case replay(id: UInt64, events: [Event<Element>])
    }

    let lock = Lock()
    private var entries = ContiguousArray<Entry>()
    private var tombstones = 0
    private var queue: [Work] = []
    private var queueHead = 0
    private var delivering = false
    /// The thread running `drain` while `delivering` is set.
    private var deliverer: pthread_t?
    private var lastSequence: UInt64 = 0
    private var nextID: UInt64 = 0
    private(set) var isStoppedLocked = false
    private(set) var isDisposedLocked = false

    /// The subject kind's own state (value, buffer, stop event), guarded by `lock`.
    var policy: Policy

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
        let work = Work.next(element, sequence: lastSequence)
        guard !delivering else {
            queue.append(work)
            return lock.unlock()
        }
        delivering = true
        deliverer = pthread_self()
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
            queue.append(contentsOf: works)
            return lock.unlock()
        }
        delivering = true
        deliverer = pthread_self()
        queue.append(contentsOf: works.dropFirst())
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
            if queueHead < queue.count {
                work = queue[queueHead]
                queueHead += 1
                continue
            }
            queue.removeAll(keepingCapacity: queue.count < 64)
            queueHead = 0
            delivering = false
            deliverer = nil
            return lock.unlock()
        }
    }

    private func perform(_ work: Work, on snapshot: ContiguousArray<Entry>) {
        switch work {
        case .next(let element, let sequence):
            snapshot.withUnsafeBufferPointer { buffer in
                for entry in buffer where entry.joinedAfter < sequence {
                    entry.receiver?.onNext(element)
                }
            }
        case .stop(let event, let sequence):
            for entry in snapshot where entry.joinedAfter < sequence {
                entry.receiver?.on(event)
            }
        case .replay(let id, let events):
            guard let receiver = snapshot.first(where: { $0.id == id })?.receiver else { return }
            for event in events { receiver.on(event) }
        }
    }

    // MARK: Subscribing

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        lock.lock()
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
        entries.append(Entry(id: id, joinedAfter: lastSequence, receiver: receiver))
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
                queue.append(work)
                lock.unlock()
            }
        } else {
            delivering = true
            deliverer = pthread_self()
            drain(startingWith: work)
        }
        return subscription
    }

    func remove(id: UInt64) {
        let removed: Receiver<Element>? = lock.withLock {
            guard let index = entryIndex(for: id), let receiver = entries[index].receiver else { return nil }
            entries[index].receiver = nil
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
        let released: ContiguousArray<Entry> = lock.withLock {
            isDisposedLocked = true
            defer { entries.removeAll() }
            return entries
        }
        _ = released
    }
}

/// Removes one observer from a subject. A value type: subscribing to a subject allocates nothing
/// beyond the observer list's growth.
// Unchecked Sendable: only calls the subject's lock-guarded `remove`
struct SubjectSubscription<Element, Policy: SubjectPolicy<Element>>: Disposable, @unchecked Sendable {
    let subject: SubjectCore<Element, Policy>
    let id: UInt64
    func dispose() { subject.remove(id: id) }
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
}

extension SubjectPolicy {
    static var broadcastsElements: Bool { true }
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
