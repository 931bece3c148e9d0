import Foundation

// Concurrency: the timer plumbing of the scheduler-based operators. Their sinks serialize
// downstream events decided by upstream and by timer callbacks (which may run on different
// threads) through `SerializingSink`, the engine they share with the multi-source operators.
// - Timers reach their sink through `TimerTarget` and the non-generic `TimerTick`, with a closure
//   literal that captures nothing: scheduling costs one allocation (the scheduler's item).

/// Something a scheduled tick calls back. `id` lets the target ignore stale ticks.
protocol TimerTarget: AnyObject, Sendable {
    /// Runs on the scheduler; the result is kept by the scheduled item and disposed with it.
    func timerFired(_ id: UInt64) -> any Disposable
}

/// The state a scheduled tick carries: its target and the id it was scheduled with.
struct TimerTick: Sendable {
    let target: any TimerTarget
    let id: UInt64
}

/// Schedules `target.timerFired(id)` after `dueTime` on `scheduler`.
func scheduleTimer(
    _ target: any TimerTarget, id: UInt64, after dueTime: RxTimeInterval, on scheduler: any SchedulerType
) -> any Disposable {
    // Virtual time (tests, S8 benchmarks) takes a non-generic path: the generic one looks up a
    // `VirtualItem<TimerTick>` class metadata per timer. A class cast is far cheaper.
    if let virtual = scheduler as? VirtualTimeScheduler {
        return virtual.scheduleTimer(TimerTick(target: target, id: id), dueTime: dueTime)
    }
    return scheduler.scheduleRelative(TimerTick(target: target, id: id), dueTime: dueTime) { tick in
        tick.target.timerFired(tick.id)
    }
}

/// Schedules `target.timerFired(id)` as soon as `scheduler` can run it.
func scheduleNow(_ target: any TimerTarget, id: UInt64, on scheduler: any ImmediateSchedulerType) -> any Disposable {
    scheduler.schedule(TimerTick(target: target, id: id)) { tick in
        tick.target.timerFired(tick.id)
    }
}

/// Schedules `target.timerFired(id)` after `startAfter`, then every `period`.
func schedulePeriodicTimer(
    _ target: any TimerTarget, id: UInt64, startAfter: RxTimeInterval, period: RxTimeInterval,
    on scheduler: any SchedulerType
) -> any Disposable {
    scheduler.schedulePeriodic(TimerTick(target: target, id: id), startAfter: startAfter, period: period) { tick in
        _ = tick.target.timerFired(tick.id)
        return tick
    }
}

extension RxTimeInterval {
    /// An interval of `seconds` (rounded to nanoseconds; negative becomes zero).
    static func fromSeconds(_ seconds: Double) -> RxTimeInterval {
        guard seconds.isFinite else { return .never }
        let nanoseconds = (max(0, seconds) * 1_000_000_000).rounded()
        return nanoseconds >= Double(Int.max) ? .never : .nanoseconds(Int(nanoseconds))
    }
}
