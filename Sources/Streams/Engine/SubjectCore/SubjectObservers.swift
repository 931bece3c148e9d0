/// A subject's observer list, kept by its ``SubjectCore`` under the core's lock.
///
/// Invariants: `entries` is sorted by id and ids start at 1 (a subscription is the core and the
/// id, see ``DisposableNode/dispose(key:)``); a removed entry becomes a tombstone
/// (`receiver == nil`) until enough of them are compacted away. Nothing here releases an
/// observer: what a removal takes out is returned, for the core to release after unlocking.
struct SubjectObservers {
    /// The observers, in subscription order; a delivery iterates a copy (its snapshot).
    private(set) var entries = ContiguousArray<SubjectEntry>()
    private var tombstones = 0
    private var nextID: UInt64 = 1

    /// `true` if at least one observer is subscribed.
    var isEmpty: Bool { entries.count == tombstones }

    /// Adds `receiver`, which receives only events accepted after `lastSequence`; returns its id.
    @inline(__always)
    mutating func add(_ receiver: AnyObject, joinedAfter lastSequence: UInt64) -> UInt64 {
        let id = nextID
        nextID += 1
        entries.append(SubjectEntry(id: id, joinedAfter: lastSequence, receiver: receiver))
        return id
    }

    /// Removes the observer `id`, returning it (`nil` if it is gone).
    mutating func remove(id: UInt64) -> AnyObject? {
        guard let index = index(of: id), let receiver = entries[index].receiver else { return nil }
        entries[index].receiver = nil
        tombstones += 1
        if tombstones > 8, tombstones * 2 > entries.count {
            entries.removeAll { $0.receiver == nil }
            tombstones = 0
        }
        return receiver
    }

    /// Removes every observer, returning them.
    mutating func removeAll() -> ContiguousArray<SubjectEntry> {
        defer {
            entries.removeAll()
            tombstones = 0
        }
        return entries
    }

    private func index(of id: UInt64) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < entries.count && entries[low].id == id ? low : nil
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

    init(id: UInt64, joinedAfter: UInt64, receiver: AnyObject) {
        self.id = id
        self.joinedAfter = joinedAfter
        self.receiver = receiver
        self.target = Unmanaged.passUnretained(receiver)
    }
}

/// Removes one observer from a subject. A value type: subscribing to a subject allocates nothing
/// beyond the observer list's growth. Not generic, so returning it as `any Disposable` needs no
/// runtime metadata lookup; a ``SubscriptionNode`` stores it as its two words.
struct SubjectSubscription: Disposable {
    let subject: DisposableNode
    let id: UInt64
    func dispose() { subject.dispose(key: id) }
    /// The subject's observer list and the id (see ``DisposableNode/dispose(key:)``).
    var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { (subject, id) }
}
