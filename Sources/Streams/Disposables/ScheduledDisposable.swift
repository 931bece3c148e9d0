// States: live (the disposable is kept); disposed (it was disposed on the scheduler and dropped).
// `dispose()` only schedules; the scheduled action makes the transition, behind the engine's lock,
// and disposes after unlocking.

/// A disposable that disposes `disposable` on `scheduler` (RxSwift's `ScheduledDisposable`).
///
/// Timing: each ``dispose()`` schedules the disposal on `scheduler`; the first scheduled action
/// to run disposes the wrapped disposable, there and then. ``isDisposed`` turns `true` at that
/// moment.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {  // `cell` is the synchronisation
    /// Where the wrapped disposable is disposed.
    public let scheduler: any ImmediateSchedulerType
    private let cell: LockedCell<(any Disposable)?>

    /// Disposes `disposable` on `scheduler` when disposed.
    public init(scheduler: some ImmediateSchedulerType, disposable: any Disposable) {
        self.scheduler = scheduler
        cell = LockedCell(disposable)
    }

    /// `true` once the wrapped disposable was disposed (on the scheduler).
    public var isDisposed: Bool { cell.read { $0 == nil } }

    /// Schedules the disposal of the wrapped disposable on ``scheduler``.
    public func dispose() {
        _ = scheduler.schedule(self) { scheduled in
            scheduled.disposeInner()
            return Disposables.create()
        }
    }

    private func disposeInner() {
        let inner = cell.update { $0.take() }
        inner?.dispose()
    }
}
