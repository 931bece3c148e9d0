import Dispatch
import Foundation

/// A span of time, spelled as in RxSwift: `.seconds(5)`, `.milliseconds(300)`, `.never`.
///
/// A small value type rather than RxSwift's `DispatchTimeInterval` alias, so `.seconds(5)` works
/// without importing Dispatch. `init(_:)` converts a `DispatchTimeInterval`.
public struct RxTimeInterval: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length in nanoseconds; `Int.max` means never.
    public let totalNanoseconds: Int

    private init(totalNanoseconds: Int) {
        self.totalNanoseconds = totalNanoseconds
    }

    /// `value` seconds.
    public static func seconds(_ value: Int) -> RxTimeInterval { scaled(value, by: 1_000_000_000) }
    /// `value` milliseconds.
    public static func milliseconds(_ value: Int) -> RxTimeInterval { scaled(value, by: 1_000_000) }
    /// `value` microseconds.
    public static func microseconds(_ value: Int) -> RxTimeInterval { scaled(value, by: 1_000) }
    /// `value` nanoseconds.
    public static func nanoseconds(_ value: Int) -> RxTimeInterval { RxTimeInterval(totalNanoseconds: value) }
    /// An interval that never elapses.
    public static let never = RxTimeInterval(totalNanoseconds: Int.max)

    private static func scaled(_ value: Int, by factor: Int) -> RxTimeInterval {
        let (result, overflow) = value.multipliedReportingOverflow(by: factor)
        return RxTimeInterval(totalNanoseconds: overflow ? (value < 0 ? Int.min : Int.max) : result)
    }

    /// Converts a dispatch interval.
    public init(_ interval: DispatchTimeInterval) {
        switch interval {
        case .seconds(let value): self = .seconds(value)
        case .milliseconds(let value): self = .milliseconds(value)
        case .microseconds(let value): self = .microseconds(value)
        case .nanoseconds(let value): self = .nanoseconds(value)
        case .never: self = .never
        @unknown default: self = .never
        }
    }

    /// The interval in seconds (`.never` is `.infinity`).
    public var seconds: Double {
        totalNanoseconds == Int.max ? .infinity : Double(totalNanoseconds) / 1_000_000_000
    }

    /// The equivalent dispatch interval.
    public var dispatchInterval: DispatchTimeInterval {
        totalNanoseconds == Int.max ? .never : .nanoseconds(totalNanoseconds)
    }

    /// Orders intervals by length.
    public static func < (lhs: RxTimeInterval, rhs: RxTimeInterval) -> Bool {
        lhs.totalNanoseconds < rhs.totalNanoseconds
    }

    /// `"300ms"`-style text.
    public var description: String {
        if self == .never { return "never" }
        if totalNanoseconds % 1_000_000_000 == 0 { return "\(totalNanoseconds / 1_000_000_000)s" }
        if totalNanoseconds % 1_000_000 == 0 { return "\(totalNanoseconds / 1_000_000)ms" }
        return "\(totalNanoseconds)ns"
    }
}

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

    /// Implementation detail of Streams: runs one of the library's own timer ticks after
    /// `dueTime` and returns the library object that cancels it. The default uses
    /// ``scheduleRelative(_:dueTime:action:)``; a scheduler may offer a cheaper path (the
    /// virtual-time scheduler schedules it without a generic item).
    func _scheduleTimer(_ tick: _TimerTick, after dueTime: RxTimeInterval) -> _TimerHandle
}

extension SchedulerType {
    /// Implementation detail of Streams: schedules `tick` with ``scheduleRelative(_:dueTime:action:)``.
    public func _scheduleTimer(_ tick: _TimerTick, after dueTime: RxTimeInterval) -> _TimerHandle {
        _TimerHandle(DisposableBox(scheduleRelative(tick, dueTime: dueTime) { $0.fire() }))
    }

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
        _ = replaced  // released here, with no lock held
    }

    private func tick() {
        guard let current = cell.read({ $0.isDisposed ? nil : $0.state }) else { return }
        let updated = action(current)
        let replaced = cell.update { run in
            defer { run.state = updated }
            return run.state
        }
        _ = replaced  // released after unlocking
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

extension RxTimeInterval {
    /// An interval of `seconds` (rounded to nanoseconds; negative becomes zero).
    static func fromSeconds(_ seconds: Double) -> RxTimeInterval {
        guard seconds.isFinite else { return .never }
        let nanoseconds = (max(0, seconds) * 1_000_000_000).rounded()
        return nanoseconds >= Double(Int.max) ? .never : .nanoseconds(Int(nanoseconds))
    }
}
