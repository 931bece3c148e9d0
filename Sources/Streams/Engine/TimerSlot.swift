/// The one timer of a ``SerializingSink``: at most one scheduled tick at a time, identified by a
/// generation, so a tick from a timer that was cancelled or re-armed is recognised and dropped.
///
/// States: idle (nothing scheduled); armed (a request made by a transition, not scheduled yet);
/// scheduled (the scheduler holds a tick for `generation`). Re-arming moves the scheduled tick
/// to `cancelled`, which the engine disposes after unlocking; a tick is accepted only while its
/// generation is current.
///
/// Guarded by the owning sink's lock.
struct TimerSlot {
    /// When an armed timer should fire.
    enum Due {
        case now
        case after(RxTimeInterval)
    }

    private(set) var generation: UInt64 = 0
    private var request: Due?
    private var scheduled: (any Disposable)?
    private var cancelled: (any Disposable)?

    /// `true` while a timer is armed or scheduled and has not fired.
    private(set) var isArmed = false

    /// Requests a tick; replaces the armed or scheduled one.
    mutating func arm(_ due: Due) {
        cancelScheduled()
        generation &+= 1
        request = due
        isArmed = true
    }

    /// Cancels the armed or scheduled tick.
    mutating func cancel() {
        cancelScheduled()
        generation &+= 1
        request = nil
        isArmed = false
    }

    private mutating func cancelScheduled() {
        guard let old = scheduled.take() else { return }
        if let earlier = cancelled.take() {
            cancelled = CompositeDisposable(earlier, old)
        } else {
            cancelled = old
        }
    }

    /// What the engine must do after unlocking: dispose `cancel`, and schedule a tick for
    /// `generation` if `due` is set.
    mutating func takeWork() -> (cancel: (any Disposable)?, due: Due?, generation: UInt64) {
        defer { request = nil }
        return (cancelled.take(), request, generation)
    }

    /// Keeps the scheduled tick's disposable if `generation` is still current; otherwise returns
    /// it for disposal after unlocking.
    mutating func store(_ disposable: __owned any Disposable, for generation: UInt64) -> (any Disposable)? {
        guard generation == self.generation, isArmed else { return disposable }
        scheduled = disposable
        return nil
    }

    /// Accepts a tick if it belongs to the current generation; the timer is then idle.
    mutating func accept(_ generation: UInt64) -> Bool {
        guard generation == self.generation, isArmed else { return false }
        isArmed = false
        cancelled = scheduled.take()  // done; released with the tick's effects
        return true
    }

    /// Takes everything scheduled, for disposal after unlocking (the sink is going away).
    mutating func takeAll() -> (any Disposable)? {
        cancel()
        return cancelled.take()
    }
}
