import Foundation

/// Runs work at once, on the calling thread, and treats every delay as zero.
///
/// Use it in tests to prove a path needs no thread hop and to skip delays without virtual time.
public struct ImmediateScheduler: SchedulerType {
    /// The shared instance.
    public static let instance = ImmediateScheduler()

    /// Creates an immediate scheduler.
    public init() {}

    /// The wall-clock time.
    public var now: RxTime { Date() }

    /// Runs `action(state)` before returning.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        action(state)
    }

    /// Runs `action(state)` before returning, ignoring `dueTime`.
    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        action(state)
    }
}

extension ImmediateScheduler {
    /// Runs `action` once, at once, and stops: an immediate scheduler cannot repeat without
    /// blocking the caller forever.
    public func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        _ = action(state)
        return NopDisposable()
    }
}
