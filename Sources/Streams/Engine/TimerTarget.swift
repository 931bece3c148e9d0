/// Something a scheduled tick calls back: a ``SerializingSink``'s timer, a scheduled source's
/// next step. `id` lets the target recognise a stale tick.
protocol TimerTarget: AnyObject, Sendable {
    /// Runs on the scheduler; the result is kept by the scheduled item and disposed with it.
    func timerFired(_ id: UInt64) -> any Disposable
}

/// Implementation detail of Streams: one tick of a library timer, handed to
/// ``SchedulerType/_scheduleTimer(_:after:)``. Not generic and captured by no closure, so
/// scheduling a timer costs one allocation (the scheduler's item) and no metadata lookup.
public struct _TimerTick: Sendable {
    let target: any TimerTarget
    let id: UInt64

    /// Calls the target.
    func fire() -> any Disposable { target.timerFired(id) }
}

/// The scheduler a sink's timer runs on: one that can only run work as soon as possible (a
/// thread hop), or one with a clock.
enum TimerScheduler: Sendable {
    case immediate(any ImmediateSchedulerType)
    case timed(any SchedulerType)

    /// Schedules `target.timerFired(id)` when `due` says.
    func schedule(_ target: any TimerTarget, id: UInt64, due: TimerSlot.Due) -> any Disposable {
        let tick = _TimerTick(target: target, id: id)
        switch (self, due) {
        case (.timed(let scheduler), .after(let dueTime)):
            return scheduler._scheduleTimer(tick, after: dueTime)
        case (.timed(let scheduler), .now):
            return scheduler.schedule(tick) { $0.fire() }
        case (.immediate(let scheduler), .now):
            return scheduler.schedule(tick) { $0.fire() }
        case (.immediate, .after):
            preconditionFailure("a timer with a due time needs a scheduler with a clock")
        }
    }
}
