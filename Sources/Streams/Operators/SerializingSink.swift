// Concurrency: the shared engine of the multi-source operators. Their sources may call in from
// several threads at once, so each operator keeps its state behind `lock` and decides under it;
// what it decides to send downstream becomes a `Pending` item that `emitLocked`/`flushLocked`
// deliver after unlocking. Delivery is serialized by the `delivering` flag: an item produced while
// another thread (or a reentrant call) is delivering is queued and delivered by that thread, in
// the order the decisions were made, so downstream never sees overlapping calls and no lock is
// held while it runs.

/// A sink with a lock and a queue-and-drain delivery loop.
///
/// Invariants: `delivering` is `true` while exactly one thread runs the drain loop; `queue[head...]`
/// holds the items decided but not delivered yet, in decision order (delivered slots are emptied,
/// so no element is released under the lock); `isStoppedLocked` becomes
/// `true` when a terminal item is decided, after which no further item is accepted.
class SerializingSink<Input, Output, Pending>: Sink<Input, Output>,
    @unchecked Sendable  // mutable state guarded by `lock`
{
    /// Guards the subclass's state and the delivery queue.
    final let lock = Lock()
    private var delivering = false
    private var queue: [Pending?] = []
    private var head = 0

    /// `true` once a terminal item was decided (read and written under `lock`).
    final var isStoppedLocked = false

    /// Delivers one item outside the lock, serialized with every other delivery.
    func deliver(_ item: Pending) { preconditionFailure("abstract") }

    /// Called with `lock` held: delivers `item` (or queues it behind a running delivery) and
    /// returns with `lock` released.
    @inline(__always)
    final func emitLocked(_ item: Pending) {
        if delivering {
            queue.append(item)
            lock.unlock()
            return
        }
        delivering = true
        lock.unlock()
        deliver(item)
        drainAfterDelivery()
    }

    /// Called with `lock` held: marks the sink stopped, then emits `item` like ``emitLocked(_:)``.
    final func terminateLocked(_ item: Pending) {
        isStoppedLocked = true
        emitLocked(item)
    }

    /// Called with `lock` held: queues `item` without delivering it; follow with ``flushLocked()``.
    final func pushLocked(_ item: Pending) {
        queue.append(item)
    }

    /// Called with `lock` held: delivers the queued items unless a delivery is running (which
    /// will deliver them), and returns with `lock` released.
    final func flushLocked() {
        if delivering || head == queue.count {
            lock.unlock()
            return
        }
        delivering = true
        let item = queue[head].take()!
        head += 1
        lock.unlock()
        deliver(item)
        drainAfterDelivery()
    }

    private func drainAfterDelivery() {
        lock.lock()
        while head < queue.count {
            let item = queue[head].take()!
            head += 1
            lock.unlock()
            deliver(item)
            lock.lock()
        }
        if !queue.isEmpty {
            queue.removeAll(keepingCapacity: queue.count <= 64)
            head = 0
        }
        delivering = false
        lock.unlock()
    }
}

/// A serializing sink whose items are plain events for downstream.
class EventSerializingSink<Input, Output>: SerializingSink<Input, Output, Event<Output>>,
    @unchecked Sendable  // see SerializingSink
{
    override final func deliver(_ item: Event<Output>) {
        switch item {
        case .next(let element): forwardNext(element)
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
