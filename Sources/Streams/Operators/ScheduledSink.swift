import Foundation

// Concurrency: the shared machinery of the scheduler-based operators.
// - `OutboxSink` owns one `Lock` for its subclass's state and an outbox of downstream events
//   guarded by that lock. Whoever finds no delivery running becomes the deliverer and drains the
//   outbox outside the lock; others only append. So upstream events and timer callbacks (which may
//   run on different threads) never call downstream concurrently or under the lock, and events
//   leave in the order they were decided.
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
    scheduler.scheduleRelative(TimerTick(target: target, id: id), dueTime: dueTime) { tick in
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

// Unchecked Sendable: subclass state and outbox guarded by `lock`
/// A sink whose downstream events may be decided on several threads (upstream and timers): it
/// serializes them through a lock-guarded outbox delivered outside the lock.
class OutboxSink<Input, Output>: Sink<Input, Output>, @unchecked Sendable {
    /// Guards the subclass's state and the outbox.
    final let lock = Lock()
    private var outbox: [Event<Output>] = []
    private var outboxHead = 0
    private var delivering = false

    /// Queues `event` for delivery. Call with `lock` held.
    @inline(__always)
    final func emitLocked(_ event: Event<Output>) {
        outbox.append(event)
    }

    /// Releases `lock`, then delivers the outbox unless another thread is already delivering (it
    /// will deliver what was queued here). Call with `lock` held.
    final func unlockAndDeliver() {
        if delivering || outboxHead == outbox.count {
            lock.unlock()
            return
        }
        delivering = true
        while outboxHead < outbox.count {
            let event = outbox[outboxHead]
            outboxHead += 1
            lock.unlock()
            switch event {
            case .next(let element): forwardNext(element)
            case .error(let error): forwardError(error)
            case .completed: forwardCompleted()
            }
            lock.lock()
        }
        outbox.removeAll(keepingCapacity: outbox.count <= 64)
        outboxHead = 0
        delivering = false
        lock.unlock()
    }

    /// Queues `event` and delivers it (takes and releases `lock`).
    final func emit(_ event: Event<Output>) {
        lock.lock()
        emitLocked(event)
        unlockAndDeliver()
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
