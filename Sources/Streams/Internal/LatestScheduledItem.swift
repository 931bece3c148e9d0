/// Holds the disposable of the most recently scheduled step of a self-rescheduling producer
/// (`from`/`repeatElement` on a scheduler), so disposal cancels the step that is pending.
///
/// A step may run — and schedule its successor — before the call that scheduled it returns (on
/// another thread, or synchronously). Tickets keep that older call from overwriting, or
/// disposing, its successor's registration: only the newest ticket's disposable is kept.
final class LatestScheduledItem: Disposable, @unchecked Sendable {
    // Unchecked Sendable: `newestTicket`, `current` and `disposed` are guarded by `lock`.
    private let lock = Lock()
    private var newestTicket: UInt64 = 0
    private var current: (any Disposable)?
    private var disposed = false

    /// Reserves a ticket before scheduling a step.
    func reserve() -> UInt64 {
        lock.withLock {
            newestTicket += 1
            return newestTicket
        }
    }

    /// Keeps `disposable` if `ticket` is still the newest; disposes it at once if this was
    /// disposed meanwhile.
    func store(_ disposable: any Disposable, for ticket: UInt64) {
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            if ticket == newestTicket { current = disposable }
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Cancels the pending step; later stores are disposed at once.
    func dispose() {
        let pending: (any Disposable)? = lock.withLock {
            disposed = true
            defer { current = nil }
            return current
        }
        pending?.dispose()
    }
}
