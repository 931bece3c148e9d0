import Foundation

extension SchedulerType {
    /// Default periodic scheduling by rescheduling after each run: the next run is due one
    /// `period` after the previous one was due.
    public func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        let periodic = PeriodicRun(scheduler: self, state: state, period: period, action: action)
        periodic.start(after: startAfter)
        return periodic
    }
}

/// Drives `schedulePeriodic` on schedulers that only know one-shot relative scheduling.
///
/// States: waiting (a run is scheduled; `pending` is its disposable once known); disposed.
/// `pending` is the scheduler's disposable, user code: a transition that replaces or takes it
/// returns it, and it is released (or disposed) after unlocking.
final class PeriodicRun<Scheduler: SchedulerType, State: Sendable>: Disposable,
    @unchecked Sendable  // `cell` is the synchronisation
{
    private struct Run {
        var state: State
        var pending: (any Disposable)?
        var isDisposed = false
    }

    private let scheduler: Scheduler
    private let period: RxTimeInterval
    private let action: @Sendable (State) -> State
    private let cell: LockedCell<Run>

    init(scheduler: Scheduler, state: State, period: RxTimeInterval, action: @escaping @Sendable (State) -> State) {
        self.scheduler = scheduler
        self.period = period
        self.action = action
        cell = LockedCell(Run(state: state))
    }

    func start(after delay: RxTimeInterval) {
        let next = scheduler.scheduleRelative(self, dueTime: delay) { run in
            run.tick()
            return NopDisposable()
        }
        // The run's disposable that `next` replaces (its work is running now) is the scheduler's:
        // user code, so it is released after unlocking, like a rejected `next`.
        let (rejected, replaced): ((any Disposable)?, (any Disposable)?) = cell.update { run in
            if run.isDisposed { return (next, nil) }
            defer { run.pending = next }
            return (nil, run.pending)
        }
        rejected?.dispose()
        _ = consume replaced  // released here, after unlocking
    }

    private func tick() {
        guard let current = cell.read({ $0.isDisposed ? nil : $0.state }) else { return }
        let updated = action(current)
        let replaced = cell.update { run in
            defer { run.state = updated }
            return run.state
        }
        _ = consume replaced  // released here, after unlocking
        start(after: period)
    }

    func dispose() {
        let toDispose: (any Disposable)? = cell.update { run in
            run.isDisposed = true
            return run.pending.take()
        }
        toDispose?.dispose()
    }
}
