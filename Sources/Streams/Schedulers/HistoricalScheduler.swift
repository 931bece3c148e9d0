import Foundation

/// A virtual-time scheduler whose clock is a date (RxSwift's `HistoricalScheduler`): replay
/// recorded history, or test date arithmetic, without waiting.
///
/// Timing: the clock moves only in ``start()``, ``advanceTo(_:)`` and ``sleep(_:)``; work runs in
/// due-date order (then in the order it was scheduled), with the clock set to its date first.
/// The clock is kept in microseconds, so due dates round to the nearest microsecond.
public final class HistoricalScheduler: SchedulerType, @unchecked Sendable {  // immutable; `ticks` is thread-safe
    /// Ticks of the underlying virtual-time scheduler per second, and seconds per tick.
    private static let ticksPerSecond = 1e6
    private static let resolution = 1e-6
    private let ticks: VirtualTimeScheduler

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        ticks = VirtualTimeScheduler(
            initialClock: Self.tick(at: initialClock), resolution: Self.resolution)
    }

    /// The virtual clock.
    public var clock: RxTime { Date(timeIntervalSince1970: Double(ticks.clock) / Self.ticksPerSecond) }

    /// The virtual clock (``clock``).
    public var now: RxTime { clock }

    /// Runs `action(state)` at the current date (after what is already due then).
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        ticks.schedule(state, action: action)
    }

    /// Runs `action(state)` `dueTime` after the current date.
    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        ticks.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action(state)` `dueTime` seconds after the current date.
    public func scheduleRelativeVirtual<StateType: Sendable>(
        _ state: StateType, dueTime: TimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        ticks.scheduleRelativeVirtual(state, dueTime: Self.tickCount(in: dueTime), action: action)
    }

    /// Runs `action(state)` at `time` (in the next run, if `time` has passed).
    public func scheduleAbsoluteVirtual<StateType: Sendable>(
        _ state: StateType, time: RxTime, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        ticks.scheduleAbsoluteVirtual(state, time: Self.tick(at: time), action: action)
    }

    /// Implementation detail of Streams: the library's own timers, on the same clock.
    public func _scheduleTimer(_ tick: _TimerTick, after dueTime: RxTimeInterval) -> _TimerHandle {
        ticks._scheduleTimer(tick, after: dueTime)
    }

    /// Runs everything scheduled, advancing the clock, until nothing is left or ``stop()``.
    public func start() { ticks.start() }

    /// Runs everything due up to and including `date`, then sets the clock to it.
    public func advanceTo(_ date: RxTime) { ticks.advanceTo(Self.tick(at: date)) }

    /// Moves the clock forward by `interval` seconds without running anything.
    public func sleep(_ interval: TimeInterval) { ticks.sleep(Self.tickCount(in: interval)) }

    /// Stops a running ``start()`` or ``advanceTo(_:)`` after the current item.
    public func stop() { ticks.stop() }

    private static func tick(at date: RxTime) -> Int { tickCount(in: date.timeIntervalSince1970) }

    private static func tickCount(in seconds: TimeInterval) -> Int { Int((seconds * ticksPerSecond).rounded()) }
}
