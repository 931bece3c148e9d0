/// Implementation detail of Streams: one tick of a library timer, handed to
/// ``SchedulerType/_scheduleTimer(_:after:)``. Not generic and captured by no closure, and its
/// target is a plain class reference (``DisposableNode/timerFired(_:)``), not an existential
/// whose witness table a generic sink would look up at runtime: scheduling a timer costs one
/// allocation (the scheduler's item) and no metadata lookup.
public struct _TimerTick: Sendable {
    let target: DisposableNode
    let id: UInt64

    /// Calls the target.
    func fire() -> any Disposable { target.timerFired(id) }
}

/// Implementation detail of Streams: what cancels a library timer (``SchedulerType/_scheduleTimer(_:after:)``)
/// — a library object, kept by the timer slot without an existential.
public struct _TimerHandle: Sendable {
    let node: DisposableNode

    init(_ node: DisposableNode) { self.node = node }
}

/// The scheduler a sink's timer runs on: one that can only run work as soon as possible (a
/// thread hop), or one with a clock.
enum TimerScheduler: Sendable {
    case immediate(any ImmediateSchedulerType)
    case timed(any SchedulerType)

    /// Schedules `target.timerFired(id)` when `due` says.
    func schedule(_ target: DisposableNode, id: UInt64, due: TimerSlot.Due) -> any Disposable {
        let tick = _TimerTick(target: target, id: id)
        switch (self, due) {
        case (.timed(let scheduler), .after(let dueTime)):
            return scheduler._scheduleTimer(tick, after: dueTime).node
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
}
