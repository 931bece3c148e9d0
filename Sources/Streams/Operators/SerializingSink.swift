// Concurrency: the one serialized-delivery engine of the operators whose events may be decided on
// several threads: the multi-source operators (merge, flatMap*, switch, combineLatest, zip,
// withLatestFrom, sample, take/skip(until:)) and the scheduler-based ones (debounce, throttle,
// delay, timeout, buffer). Each operator keeps its state behind `lock` and decides under it; what
// it decides to send downstream is delivered after unlocking. Delivery is serialized by the
// `delivering` flag: an event decided while another thread (or a reentrant call) is delivering is
// queued and delivered by that thread, in the order the decisions were made, so downstream never
// sees overlapping calls and no lock is held while it runs.

/// A sink with a lock and a serialized, in-order delivery loop.
///
/// `Value` is what a `.next` decision carries: the output element itself
/// (``EventSerializingSink``) or values projected to the output during delivery (`ProjectingSink`).
///
/// Invariants: `delivering` is `true` while exactly one thread delivers; `queue[head...]` holds
/// the events decided but not delivered yet, in decision order (delivered slots are emptied, so
/// no element is released under the lock), and `queuedCount == queue.count - head`;
/// `isStoppedLocked` becomes `true` when a terminal event is decided through
/// ``terminateLocked(_:)``, after which the operators accept no further event.
///
/// Performance (Docs/Performance.md): this generic class runs unspecialized when the app is
/// another module. A `.next` decided while nothing is delivering or queued — the common case — is
/// delivered directly, without building an `Event<Value>` (each would cost a runtime metadata
/// lookup); the queue is tested through the plain `queuedCount`, and the queueing path is outlined.
class SerializingSink<Input, Output, Value>: Sink<Input, Output>,
    @unchecked Sendable  // mutable state guarded by `lock`
{
    /// Guards the subclass's state and the delivery queue.
    final let lock = Lock()
    // Every `var` below is guarded by `lock` (or owned by the one delivering thread), so the
    // dynamic exclusivity checks Swift would run on each access are redundant.
    @exclusivity(unchecked) private var delivering = false
    @exclusivity(unchecked) private var queuedCount = 0
    @exclusivity(unchecked) private var head = 0
    @exclusivity(unchecked) private var queue: [Event<Value>?] = []

    /// `true` once a terminal event was decided (read and written under `lock`).
    @exclusivity(unchecked) final var isStoppedLocked = false

    /// Delivers one value outside the lock, serialized with every other delivery.
    func deliverNext(_ value: Value) { preconditionFailure("abstract") }

    /// Called with `lock` held: delivers `value` (or queues it behind a running delivery or queued
    /// events) and returns with `lock` released.
    @inline(__always)
    final func emitNextLocked(_ value: Value) {
        if delivering || queuedCount != 0 {
            return enqueueNextAndFlush(value)
        }
        delivering = true
        lock.unlock()
        deliverNext(value)
        finishDelivery()
    }

    @inline(never)
    private func enqueueNextAndFlush(_ value: Value) {
        pushLocked(.next(value))
        flushLocked()
    }

    /// Called with `lock` held: marks the sink stopped, then delivers `event` like
    /// ``emitNextLocked(_:)``, returning with `lock` released.
    final func terminateLocked(_ event: Event<Value>) {
        isStoppedLocked = true
        pushLocked(event)
        flushLocked()
    }

    /// ``terminateLocked(_:)`` with `.completed`, outlined: building the `Event` inline would put
    /// its metadata lookup on the caller's path even when this branch is not taken.
    @inline(never)
    final func completeLocked() {
        terminateLocked(.completed)
    }

    /// ``terminateLocked(_:)`` with `.error(error)`, outlined (see ``completeLocked()``).
    @inline(never)
    final func failLocked(_ error: any Error) {
        terminateLocked(.error(error))
    }

    /// Called with `lock` held: queues `event` without delivering it; follow with ``flushLocked()``.
    final func pushLocked(_ event: Event<Value>) {
        queue.append(event)
        queuedCount += 1
    }

    /// Called with `lock` held: delivers the queued events unless a delivery is running (which
    /// will deliver them), and returns with `lock` released.
    final func flushLocked() {
        if delivering || queuedCount == 0 {
            return lock.unlock()
        }
        delivering = true
        let event = takeLocked()
        lock.unlock()
        deliver(event)
        finishDelivery()
    }

    /// Queues `event` and delivers it (takes and releases `lock`).
    final func emit(_ event: Event<Value>) {
        lock.lock()
        pushLocked(event)
        flushLocked()
    }

    /// Ends a delivery: delivers whatever was queued meanwhile, then clears `delivering`.
    @inline(__always)
    private func finishDelivery() {
        lock.lock()
        if queuedCount == 0 {
            delivering = false
            return lock.unlock()
        }
        drainLocked()
    }

    @inline(never)
    private func drainLocked() {
        while queuedCount != 0 {
            let event = takeLocked()
            lock.unlock()
            deliver(event)
            lock.lock()
        }
        delivering = false
        lock.unlock()
    }

    /// Takes the oldest queued event; empties the queue (all its slots are taken) after the last.
    private func takeLocked() -> Event<Value> {
        let event = queue[head].take()!
        head += 1
        queuedCount -= 1
        if queuedCount == 0 {
            queue.removeAll(keepingCapacity: queue.count <= 64)
            head = 0
        }
        return event
    }

    private func deliver(_ event: Event<Value>) {
        switch event {
        case .next(let value): deliverNext(value)
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}

/// A serializing sink whose `.next` values are the output elements themselves.
class EventSerializingSink<Input, Output>: SerializingSink<Input, Output, Output>,
    @unchecked Sendable  // see SerializingSink
{
    override final func deliverNext(_ value: Output) {
        forwardNext(value)
    }
}
