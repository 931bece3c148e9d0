/// The scheduler a sink's timer runs on: one that can only run work as soon as possible (a
/// thread hop), or one with a clock.
enum TimerScheduler: Sendable {
    case immediate(any ImmediateSchedulerType)
    case timed(any SchedulerType)

    /// Schedules `target.timerFired(id)` when `due` says (once per subscription: a timer with a
    /// due time is checked for an interval rounded to no time at all, each time).
    func schedule(_ target: DisposableNode, id: UInt64, due: TimerSlot.Due) -> any Disposable {
        let tick = TimerTick(target: target, id: id)
        switch (self, due) {
        case (.timed(let scheduler), .after(let dueTime)):
            guard let host = Self.timerHost(of: scheduler) else {
                return Self.scheduleRelative(tick, dueTime, on: scheduler)
            }
            let scheduled = host.scheduleTimer(tick, after: dueTime)
            host.reportIfRoundedToZero(dueTime, by: target)
            return scheduled
        case (.timed(let scheduler), .now):
            return scheduler.schedule(tick) { $0.fire() }
        case (.immediate(let scheduler), .now):
            return scheduler.schedule(tick) { $0.fire() }
        case (.immediate, .after):
            preconditionFailure("a timer with a due time needs a scheduler with a clock")
        case (_, .none):
            preconditionFailure("nothing to schedule")
        }
    }

    /// `scheduler` as a ``TimerHosting`` scheduler, if it is one; ask once per sink, not per tick.
    static func timerHost(of scheduler: any SchedulerType) -> (any TimerHosting)? {
        scheduler as? any TimerHosting
    }

    /// Schedules `tick` after `dueTime` on a scheduler that does not host timers itself.
    static func scheduleRelative(_ tick: TimerTick, _ dueTime: RxTimeInterval, on scheduler: any SchedulerType)
        -> DisposableNode
    {
        DisposableBox(scheduler.scheduleRelative(tick, dueTime: dueTime) { $0.fire() })
    }
}
