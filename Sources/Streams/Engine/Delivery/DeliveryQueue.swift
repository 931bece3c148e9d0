/// The serial-delivery discipline of the subjects (``SubjectCore``; a ``SerializingSink`` keeps
/// the same discipline with an atomic claim word, see ``SerializingSinkCore``): at most one thread
/// delivers at a time, and work decided meanwhile — on another thread, or
/// reentrantly from inside a delivery — waits here and is run by that thread, in the order it
/// was decided. So observers never see overlapping calls and no lock is held while they run.
///
/// States: idle (nobody delivering; nothing waits once the owner unlocks); delivering (one thread
/// owns the loop: ``submit(_:)`` and ``enqueue(_:)`` queue behind it, ``takeNext()`` hands it the
/// next item, and ``hasNext()`` ends the loop when nothing waits).
///
/// A value guarded by its owner's lock. The owner's loop is: under the lock, claim it (``submit(_:)``,
/// ``claimIfIdle()`` or ``claim()``); after unlocking, run the work; under the lock again, repeat
/// ``takeNext()`` and run it outside the lock while ``hasNext()`` says work waits.
struct DeliveryQueue<Work> {
    private var queued = OutputQueue<Work>()
    /// `true` while one thread runs the loop.
    private(set) var isDelivering = false

    /// `true` when no work waits.
    @inline(__always) var isEmpty: Bool { queued.isEmpty }

    /// Offers `work`: returns `true` if the caller must run it now (the loop is claimed: nobody
    /// was delivering and nothing waits); otherwise queues it and returns `false`.
    @inline(__always)
    mutating func submit(_ work: __owned Work) -> Bool {
        guard isDelivering || !queued.isEmpty else {
            isDelivering = true
            return true
        }
        queued.append(work)
        return false
    }

    /// Queues `work` behind what waits, without claiming the loop.
    @inline(__always)
    mutating func enqueue(_ work: __owned Work) { queued.append(work) }

    /// Claims the loop if work waits and nobody is delivering.
    @inline(__always)
    mutating func claim() -> Bool {
        guard !isDelivering, !queued.isEmpty else { return false }
        isDelivering = true
        return true
    }

    /// Claims the loop for work the caller runs itself (nothing waits, nobody delivers).
    @inline(__always)
    mutating func claimIfIdle() -> Bool {
        guard !isDelivering, queued.isEmpty else { return false }
        isDelivering = true
        return true
    }

    /// For the thread running the loop: `true` if work waits (take it with ``takeNext()``);
    /// otherwise releases the loop and returns `false`. Returns no optional, so unspecialized
    /// callers need no runtime metadata for `Work?`.
    @inline(__always)
    mutating func hasNext() -> Bool {
        guard queued.isEmpty else { return true }
        isDelivering = false
        return false
    }

    /// Takes the next waiting work; call only after ``hasNext()`` returned `true`.
    @inline(__always)
    mutating func takeNext() -> Work { queued.removeFirst() }

    /// Moves out everything waiting, to be released after unlocking.
    mutating func removeAll() -> [Work] { queued.removeAll() }

    /// Destroys what waits and frees the storage (from the owner's `deinit`).
    mutating func destroy() { queued.destroy() }
}
