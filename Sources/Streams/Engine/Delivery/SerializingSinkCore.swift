/// The engine's half of a ``SerializingSink``: its lock, the serial-delivery queue, the decided
/// terminal event, the timer, and what the current transition asked to dispose or release.
///
/// A class (one allocation, with the mutex inside it), so a transition's ``DeferredEffects`` reaches it
/// through one reference: no pointer to a generic struct, whose metadata unspecialized code would
/// look up at runtime on every transition.
///
/// States: running (transitions run; emitted elements go through `queue`); stopped (a terminal
/// event was decided or the sink was disposed: no transition runs, nothing new is queued, and
/// the terminal event is delivered after the elements already queued). Every `var` is guarded by
/// the lock.
final class SerializingSinkCore<Output>: LockingObject, @unchecked Sendable {  // guarded by its lock
    /// Elements decided but not delivered yet, in decision order (who delivers them is the claim
    /// word, below).
    @exclusivity(unchecked) var queue = OutputQueue<Output>()
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

    /// `true` if a transition left anything to do after unlocking (a delivery to run or to
    /// signal, something to dispose or release, the timer to schedule or cancel).
    @inline(__always)
    var hasWork: Bool {
        hasDeliveryWork || !disposals.isEmpty || !releases.isEmpty || timer.hasWork
    }

    /// `true` if elements, the terminal event or elements to release wait for the delivery loop.
    @inline(__always)
    var hasDeliveryWork: Bool { !queue.isEmpty || isTerminalPending || !discarded.isEmpty }

    // MARK: The delivery claim
    //
    // Who runs the delivery loop lives in the claim word, not under the lock, so that the thread
    // that delivered an element nobody competed for gives the loop back with one compare-and-swap
    // instead of a lock round trip. States (`Claim`, below): idle; delivering; delivering, and work
    // arrived meanwhile; closed once the sink stopped. Every change is made with the lock held
    // except two: `delivering → idle`, which only the delivering thread makes, and only while no
    // work arrived (`releaseClaim()`), and `idle → delivering` for an element every state accepts
    // (`claimUncontended()`). Work that arrives marks the word (`claimDelivery()`) under the lock,
    // so it is either seen by that compare-and-swap or claims the loop itself. Invariant: the word
    // is idle only while the sink runs and nothing waits.

    /// Claims the loop for an element that every state accepts, with or without the lock:
    /// succeeds only when the word is idle, which also means the sink runs (a stopped sink's word
    /// is never idle). `false` means the caller must queue the element through the lock.
    @inline(__always)
    func claimUncontended() -> Bool {
        var idle = Claim.idle
        return claimWord.compareExchange(expected: &idle, desired: Claim.delivering)
    }

    /// Claims the loop for an element the caller delivers at once: nothing waits and nobody
    /// delivers. With the lock held.
    @inline(__always)
    func claimIfIdle() -> Bool { !hasDeliveryWork && claimUncontended() }

    /// After work was added, with the lock held: claims the loop if nobody delivers (the caller
    /// then runs it), otherwise tells the delivering thread that work arrived.
    @inline(__always)
    func claimDelivery() -> Bool { hasDeliveryWork && signal(idleBecomes: Claim.delivering) }

    /// With the lock held, after `isStopped` was set by a disposal: an idle word is closed, so no
    /// element is claimed without the lock any more; a delivering thread is told to come back
    /// through the lock, where it finds the sink stopped and closes the word.
    func closeClaim() { _ = signal(idleBecomes: Claim.closed) }

    /// With the lock held: an idle word becomes `target` (returns `true`); a delivering one is
    /// marked so that its thread comes back through the lock (returns `false`); one already
    /// marked or closed is left alone.
    private func signal(idleBecomes target: Int) -> Bool {
        var current = claimWord.load()
        while true {
            switch current {
            case Claim.idle:
                if claimWord.compareExchange(expected: &current, desired: target) { return true }
            case Claim.delivering:
                if claimWord.compareExchange(expected: &current, desired: Claim.deliveringWithWorkQueued) {
                    return false
                }
            default:
                return false
            }
        }
    }

    /// For the delivering thread, without the lock: gives the loop back if no work arrived while
    /// it delivered. `false` means work arrived: take the lock (then ``keepDelivering()``) and
    /// drain.
    @inline(__always)
    func releaseClaim() -> Bool {
        var delivering = Claim.delivering
        return claimWord.compareExchange(expected: &delivering, desired: Claim.idle)
    }

    /// For the delivering thread, with the lock held, after work arrived: clears the mark; the
    /// thread drains what arrived.
    @inline(__always)
    func keepDelivering() { claimWord.store(Claim.delivering) }

    /// For the delivering thread, with the lock held, when nothing waits: gives the loop back
    /// (idle while the sink runs, closed once it stopped).
    @inline(__always)
    func giveBackClaim() { claimWord.store(isStopped ? Claim.closed : Claim.idle) }

    /// For the delivering thread, with the lock held, as it takes the terminal event: nothing is
    /// delivered after it.
    @inline(__always)
    func closeAfterTerminal() { claimWord.store(Claim.closed) }
}

/// The states of ``SerializingSinkCore``'s claim word. Not nested in the generic class: a nested type
/// would be generic too, and unspecialized code would reach its constants through metadata.
///
/// The values are bits: `delivering` (1) is set while a thread runs the delivery loop, and work
/// queued meanwhile adds the "queued" bit (2), so `deliveringWithWorkQueued` is both (3); the
/// delivering thread's compare-and-swap `delivering → idle` fails on it and goes round again.
/// `closed` (4) is neither: the sink stopped.
private enum Claim {
    static var idle: Int { 0 }
    static var delivering: Int { 1 }
    static var deliveringWithWorkQueued: Int { 3 }
    static var closed: Int { 4 }
}
