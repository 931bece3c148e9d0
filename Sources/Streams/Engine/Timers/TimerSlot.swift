/// The one timer of a ``SerializingSink``: at most one scheduled tick at a time, identified by a
/// generation, so a tick from a timer that was cancelled or re-armed is recognised and dropped.
///
/// States: idle (nothing scheduled); armed (a request made by a transition, not scheduled yet);
/// scheduled (the scheduler holds a tick for `generation`). Re-arming moves the scheduled tick
/// to `cancelled`, which the engine disposes after unlocking; a tick is accepted only while its
/// generation is current.
///
/// Rule: the disposable a scheduler returned is user code — a scheduler of the app's own may
/// return an object whose `deinit` disposes the very subscription, or sends into its source — so
/// the slot never lets go of one itself. Whatever leaves it leaves into the engine's lists, which
/// are disposed and dropped after unlocking: a cancelled or replaced tick through
/// ``takeWork(cancellingInto:)`` or ``cancelAll(into:)``, the tick that fired through
/// ``accept(_:releasingInto:)``. Only the slot's `deinit` releases one directly: the sink is
/// going away, and nothing holds its lock.
///
/// Guarded by the owning sink's lock.
struct TimerSlot: ~Copyable {
    /// When an armed timer should fire (`none`: nothing to schedule). A trivial enum, not an
    /// optional, so copying it is a plain copy.
    enum Due {
        case none
        case now
        case after(RxTimeInterval)
    }

    private(set) var generation: UInt64 = 0
    private var request = Due.none
    /// What cancels the scheduled tick, retained by the slot (`nil` when nothing is scheduled).
    /// Unmanaged, so the slot's fields are trivial and reading one needs no lazy global.
    private var scheduled: Unmanaged<DisposableNode>?
    private var cancelled = DisposalList()

    /// `true` while a timer is armed or scheduled and has not fired.
    private(set) var isArmed = false

    /// Whether the sink's timers are checked for an interval its scheduler makes no time at all
    /// (``TimerHosting``): undecided until the first timer with a due time is scheduled, then
    /// `everyTimer` if the interval the operator was given rounds so, `never` otherwise.
    enum IntervalCheck {
        case undecided
        case everyTimer
        case never
    }

    /// This timer's ``IntervalCheck``.
    var intervalCheck = IntervalCheck.undecided

    init() {}

    deinit { scheduled?.release() }

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
        request = .none
        isArmed = false
    }

    private mutating func cancelScheduled() {
        guard let node = scheduled.take() else { return }
        cancelled.append(NodeLink(node: node.takeRetainedValue()))
    }

    /// `true` if ``takeWork(cancellingInto:)`` has something for the engine to do.
    var hasWork: Bool {
        if case .none = request { return !cancelled.isEmpty }
        return true
    }

    /// What the engine must do after unlocking: the cancelled ticks go into `disposals`, and a
    /// tick for `generation` is scheduled if `due` is set.
    mutating func takeWork(cancellingInto disposals: inout DisposalList) -> (due: Due, generation: UInt64) {
        cancelled.moveAll(into: &disposals)
        defer { request = .none }
        return (request, generation)
    }

    /// Keeps what cancels the scheduled tick if `generation` is still current; returns `false`
    /// (the caller disposes it after unlocking) otherwise.
    mutating func store(_ node: __owned DisposableNode, for generation: UInt64) -> Bool {
        guard generation == self.generation, isArmed else { return false }
        // A generation is scheduled once, and arming or accepting took the previous tick's.
        assert(scheduled == nil, "a TimerSlot stored two ticks for one generation")
        scheduled = .passRetained(node)
        return true
    }

    /// Accepts a tick if it belongs to the current generation; the timer is then idle. The fired
    /// tick's disposable goes into `releases`, released after unlocking.
    mutating func accept(_ generation: UInt64, releasingInto releases: inout ReleaseList) -> Bool {
        guard generation == self.generation, isArmed else { return false }
        isArmed = false
        if let fired = scheduled.take() { releases.append(node: fired.takeRetainedValue()) }
        return true
    }

    /// Cancels everything scheduled into `disposals` (the sink is going away).
    mutating func cancelAll(into disposals: inout DisposalList) {
        cancel()
        cancelled.moveAll(into: &disposals)
    }
}
