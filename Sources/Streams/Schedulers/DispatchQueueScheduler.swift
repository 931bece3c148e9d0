import Dispatch
import Foundation

/// Shared implementation of the dispatch-queue schedulers: async work, one-shot timers and
/// repeating timers on one queue.
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        let cancel = SingleAssignmentDisposable()
        queue.async {
            if cancel.isDisposed { return }
            cancel.setDisposable(action(state))
        }
        return cancel
    }

    func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        let cancel = SingleAssignmentDisposable()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let stopTimer = TimerDisposable(timer)
        timer.schedule(deadline: .now() + dueTime.dispatchInterval, leeway: leeway)
        // The handler holds the timer until it fires (or is cancelled), so the action runs
        // whether or not the caller keeps the returned disposable; cancelling the one-shot
        // source releases the handler, which ends that cycle.
        timer.setEventHandler {
            stopTimer.dispose()
            if cancel.isDisposed { return }
            cancel.setDisposable(action(state))
        }
        timer.resume()
        return CompositeDisposable(cancel, stopTimer)
    }

    func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            deadline: .now() + startAfter.dispatchInterval, repeating: period.dispatchInterval, leeway: leeway)
        let current = PeriodicState(state)
        timer.setEventHandler { current.advance(action) }
        timer.resume()
        return TimerDisposable(timer)
    }
}

// Unchecked Sendable: DispatchSource.cancel() is thread-safe and idempotent
/// Cancels a dispatch timer.
private final class TimerDisposable: Disposable, @unchecked Sendable {
    private let timer: any DispatchSourceTimer
    init(_ timer: any DispatchSourceTimer) { self.timer = timer }
    func dispose() { timer.cancel() }
}

/// The state threaded through a repeating timer; the timer's handler is its only user.
///
/// GCD never runs a source's handler concurrently with itself and orders each run after the
/// previous one with its own atomics. On a concurrent queue, though, consecutive runs may land on
/// different worker threads, and ThreadSanitizer does not see that edge (its libdispatch support
/// orders a serial queue's work items and a handler's installation before its runs, not one run
/// of a handler before the next): it reported a race between two ticks on whatever the action
/// touches, such as `TimerSink`'s value under `interval`. So the state passes from one run to the
/// next through a locked cell: the tick takes it out under the lock, runs the action outside it
/// (user code, never under an engine lock), and puts the result back under the lock. That unlock
/// and the next tick's lock are an edge TSan sees (the engine's lock is instrumented under
/// `--sanitize=thread`), ordering everything one tick did before everything the next does, at
/// two uncontended lock round trips per tick.
private final class PeriodicState<State: Sendable>: Sendable {
    private let cell: LockedCell<State?>

    init(_ state: State) { cell = LockedCell(state) }

    func advance(_ action: (State) -> State) {
        // Taken out, not copied: putting the next state back then displaces nothing under the lock.
        guard let current = cell.update({ $0.take() }) else { return }
        let next = action(current)
        cell.update { $0 = next }
    }
}

/// Runs work serially on a dispatch queue (a serial queue it creates, or the one you pass).
///
/// Timers fire on that queue; `now` is the wall clock.
public class SerialDispatchQueueScheduler: SchedulerType, TimerHosting, @unchecked Sendable {  // immutable after init
    let configuration: DispatchQueueConfiguration

    /// Uses `serialQueue` (which must be serial).
    public init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
    }

    /// Creates a serial queue named `internalSerialQueueName`; `serialQueueConfiguration`, if
    /// given, configures it before first use.
    public convenience init(
        internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// Creates a serial queue named `internalSerialQueueName` with the given quality of service.
    public convenience init(
        qos: DispatchQoS, internalSerialQueueName: String = "streams.serial",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(serialQueue: DispatchQueue(label: internalSerialQueueName, qos: qos), leeway: leeway)
    }

    /// Creates a serial queue that targets `queue`.
    public convenience init(
        queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(serialQueue: DispatchQueue(label: internalSerialQueueName, target: queue), leeway: leeway)
    }

    /// The wall-clock time.
    public var now: RxTime { Date() }

    /// Runs `action(state)` asynchronously on the queue.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action(state)` on the queue after `dueTime`.
    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`.
    public func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }

    /// Implementation detail of Streams: a library timer, scheduled with
    /// ``scheduleRelative(_:dueTime:action:)`` (a class method, so ``MainScheduler`` can send it to a
    /// mocked scheduler).
    func scheduleTimer(_ tick: TimerTick, after dueTime: RxTimeInterval) -> DisposableNode {
        TimerScheduler.scheduleRelative(tick, dueTime, on: self)
    }

    /// Implementation detail of Streams: the wall clock makes no interval no time at all.
    func roundsToZero(_ interval: RxTimeInterval) -> Bool { false }

    /// Implementation detail of Streams: nothing to report on the wall clock.
    func reportIfRoundedToZero(_ interval: RxTimeInterval, by timer: DisposableNode) {}
}

/// Runs work on a concurrent dispatch queue: scheduled actions may run in parallel with each
/// other (each subscription still receives serialized events).
public final class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {  // immutable after init
    private let configuration: DispatchQueueConfiguration

    /// Uses `queue`.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// Uses the global concurrent queue for `qos`.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }

    /// The wall-clock time.
    public var now: RxTime { Date() }

    /// Runs `action(state)` asynchronously on the queue.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `action(state)` on the queue after `dueTime`.
    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`.
    public func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
