/// The engine's half of a ``SerializingSink``: its lock, the serial-delivery queue, the decided
/// terminal event, the timer, and what the current transition asked to dispose or release.
///
/// A class (one allocation, with the mutex inside it), so a transition's ``Effects`` reaches it
/// through one reference: no pointer to a generic struct, whose metadata unspecialized code would
/// look up at runtime on every transition.
///
/// States: running (transitions run; emitted elements go through `queue`); stopped (a terminal
/// event was decided or the sink was disposed: no transition runs, nothing new is queued, and
/// the terminal event is delivered after the elements already queued). Every `var` is guarded by
/// the lock.
final class SerialControl<Output>: LockingObject, @unchecked Sendable {  // guarded by its lock
    /// Elements decided but not delivered yet, in decision order, and who delivers them.
    @exclusivity(unchecked) var queue = DeliveryQueue<Output>()
    /// The decided terminal event, delivered once the queue is empty.
    @exclusivity(unchecked) var terminal: Terminal?
    /// `terminal != nil`, kept as a plain flag: comparing the optional copies it.
    @exclusivity(unchecked) var isTerminalPending = false
    /// `true` once a terminal event was decided or the sink was disposed.
    @exclusivity(unchecked) var isStopped = false
    /// The sink's timer.
    @exclusivity(unchecked) var timer = TimerSlot()
    /// The element a transition holds for later (a debounced or throttled element): zero or one.
    @exclusivity(unchecked) var held = OutputQueue<Output>()
    /// Elements a transition displaced: the delivery loop releases them, outside the lock.
    @exclusivity(unchecked) var discarded = OutputQueue<Output>()
    /// What the current transition asked to dispose, taken after unlocking.
    @exclusivity(unchecked) var disposals = DisposalList()
    /// What the current transition displaced, released after unlocking.
    @exclusivity(unchecked) var releases = ReleaseList()

    deinit {
        queue.destroy()
        held.destroy()
        discarded.destroy()
    }

    /// `true` if a transition left anything to do after unlocking (a delivery to run, something
    /// to dispose or release, the timer to schedule or cancel).
    @inline(__always)
    var hasWork: Bool {
        (!queue.isDelivering && (!queue.isEmpty || isTerminalPending || !discarded.isEmpty)) || !disposals.isEmpty
            || !releases.isEmpty || timer.hasWork
    }

    /// Claims the delivery loop if something waits (elements, the terminal event, elements to
    /// release) and nobody is delivering.
    @inline(__always)
    func claimDelivery() -> Bool {
        queue.claim() || ((isTerminalPending || !discarded.isEmpty) && queue.claimIfIdle())
    }
}

/// What a transition of a ``SerializingSink`` left to do after unlocking. Not generic (nor nested
/// in the generic sink), so handling it needs no runtime type metadata.
struct TransitionWork: ~Copyable {
    var disposals = DisposalList()
    var releases = ReleaseList()
    var timerDue = TimerSlot.Due.none
    var timerGeneration: UInt64 = 0
    let deliver: Bool

    init(deliver: Bool) { self.deliver = deliver }
}
