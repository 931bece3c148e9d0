/// The serial-delivery discipline shared by every subject and every operator that serializes:
/// at most one thread delivers at a time, and work decided meanwhile — on another thread, or
/// reentrantly from inside a delivery — waits here and is run by that thread, in the order it
/// was decided. So observers never see overlapping calls and no lock is held while they run.
///
/// States: idle (nobody delivering; the queue is empty); delivering (one thread owns the loop:
/// ``submit(_:)`` queues, ``next()`` hands it the next item or, when empty, ends the loop).
///
/// A value guarded by its owner's lock. The owner's loop is: under the lock, `submit` or `next`;
/// after unlocking, run what it returned; repeat while `next` returns work.
struct DeliveryQueue<Work> {
    private var queued = OutputQueue<Work>()
    /// `true` while one thread runs the loop.
    private(set) var isDelivering = false

    /// `true` when no work waits.
    var isEmpty: Bool { queued.isEmpty }

    /// Offers `work`: returns it to run now (claiming the loop) if nobody is delivering and
    /// nothing waits; otherwise queues it and returns `nil`.
    mutating func submit(_ work: __owned Work) -> Work? {
        guard isDelivering || !queued.isEmpty else {
            isDelivering = true
            return work
        }
        queued.append(work)
        return nil
    }

    /// Queues `work` behind what waits, without claiming the loop.
    mutating func enqueue(_ work: __owned Work) { queued.append(work) }

    /// Claims the loop if work waits and nobody is delivering.
    mutating func claim() -> Bool {
        guard !isDelivering, !queued.isEmpty else { return false }
        isDelivering = true
        return true
    }

    /// Claims the loop for work the caller runs itself (nothing waits, nobody delivers).
    mutating func claimIfIdle() -> Bool {
        guard !isDelivering, queued.isEmpty else { return false }
        isDelivering = true
        return true
    }

    /// For the thread running the loop: the next work, or `nil` (and the loop is released) when
    /// nothing waits.
    mutating func next() -> Work? {
        guard !queued.isEmpty else {
            isDelivering = false
            return nil
        }
        return queued.removeFirst()
    }

    /// Keeps the loop claimed for good: nothing is delivered after a terminal event.
    mutating func close() { isDelivering = true }

    /// Moves out everything waiting, to be released after unlocking.
    mutating func removeAll() -> [Work] { queued.removeAll() }

    /// Destroys what waits and frees the storage (from the owner's `deinit`).
    mutating func destroy() { queued.destroy() }
}
