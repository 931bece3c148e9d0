/// One tick of a library timer. Not generic and captured by no closure, and its target is a plain
/// class reference (``DisposableNode/timerFired(_:)``), not an existential whose witness table a
/// generic sink would look up at runtime.
struct TimerTick: Sendable {
    let target: DisposableNode
    let id: UInt64

    /// Calls the target.
    func fire() -> any Disposable { target.timerFired(id) }
}

/// A scheduler that runs the library's own timer ticks without a generic item, so scheduling a
/// timer costs one allocation (the scheduler's item) and no metadata lookup. The virtual-time
/// scheduler is one; every other scheduler gets ticks through `scheduleRelative`.
///
/// An engine protocol, not a requirement of ``SchedulerType``: the public protocol names nothing
/// of the engine's. A sink asks for it once, when it is made (``TimerScheduler/timerHost(of:)``).
protocol TimerHosting: SchedulerType {
    /// Runs `tick` after `dueTime`; disposing the result cancels it.
    func scheduleTimer(_ tick: TimerTick, after dueTime: RxTimeInterval) -> DisposableNode
}

/// The scheduler a sink's timer runs on: one that can only run work as soon as possible (a
/// thread hop), or one with a clock.
enum TimerScheduler: Sendable {
    case immediate(any ImmediateSchedulerType)
    case timed(any SchedulerType)

    /// Schedules `target.timerFired(id)` when `due` says.
    func schedule(_ target: DisposableNode, id: UInt64, due: TimerSlot.Due) -> any Disposable {
        let tick = TimerTick(target: target, id: id)
        switch (self, due) {
        case (.timed(let scheduler), .after(let dueTime)):
            return Self.scheduleTimer(tick, after: dueTime, on: scheduler, host: Self.timerHost(of: scheduler))
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

    /// Schedules `tick` after `dueTime` on `host` if there is one, otherwise on `scheduler`.
    static func scheduleTimer(
        _ tick: TimerTick, after dueTime: RxTimeInterval, on scheduler: any SchedulerType, host: (any TimerHosting)?
    ) -> DisposableNode {
        if let host { return host.scheduleTimer(tick, after: dueTime) }
        return DisposableBox(scheduler.scheduleRelative(tick, dueTime: dueTime) { $0.fire() })
    }
}
