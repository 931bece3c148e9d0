import Dispatch
import Foundation

/// A span of time, spelled as in RxSwift: `.seconds(5)`, `.milliseconds(300)`.
public typealias RxTimeInterval = DispatchTimeInterval

/// An absolute point in time on a scheduler's clock.
public typealias RxTime = Date

/// Something that can run work, immediately or as soon as it can.
public protocol ImmediateSchedulerType: Sendable {
    /// Runs `action(state)`; disposing the result cancels it if it has not started (best effort).
    func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable
}

/// A scheduler with a clock: it can run work after a delay and periodically.
///
/// Time-based operators take one explicitly, so tests can pass a virtual-time scheduler.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Runs `action(state)` after `dueTime`; disposing the result cancels it (best effort).
    func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable

    /// Runs `action` first after `startAfter`, then every `period`, threading the state through.
    func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is `.infinity`).
    public var seconds: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// The interval in whole nanoseconds, clamped to `Int.max` (`.never` is `Int.max`).
    var nanosecondsClamped: Int {
        let value = seconds * 1_000_000_000
        return value >= Double(Int.max) ? Int.max : Int(value)
    }
}

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
private final class PeriodicRun<Scheduler: SchedulerType, State: Sendable>: Disposable, @unchecked Sendable {  // `state`/`pending` guarded by `lock`
    private let scheduler: Scheduler
    private let period: RxTimeInterval
    private let action: @Sendable (State) -> State
    private let lock = Lock()
    private var state: State
    private var pending: (any Disposable)?
    private var disposed = false

    init(scheduler: Scheduler, state: State, period: RxTimeInterval, action: @escaping @Sendable (State) -> State) {
        self.scheduler = scheduler
        self.state = state
        self.period = period
        self.action = action
    }

    func start(after delay: RxTimeInterval) {
        let next = scheduler.scheduleRelative(self, dueTime: delay) { run in
            run.tick()
            return NopDisposable()
        }
        let disposeNow: Bool = lock.withLock {
            if disposed { return true }
            pending = next
            return false
        }
        if disposeNow { next.dispose() }
    }

    private func tick() {
        guard let current = lock.withLock({ disposed ? nil : state }) else { return }
        let updated = action(current)
        lock.withLock { state = updated }
        start(after: period)
    }

    func dispose() {
        let toDispose: (any Disposable)? = lock.withLock {
            disposed = true
            defer { pending = nil }
            return pending
        }
        toDispose?.dispose()
    }
}
