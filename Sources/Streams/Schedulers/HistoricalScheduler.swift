import Foundation

/// A virtual-time scheduler whose clock is a date (RxSwift's `HistoricalScheduler`): replay
/// recorded history, or test date arithmetic, without waiting.
///
/// Timing: the clock moves only in ``VirtualTimeScheduler/start()``,
/// ``VirtualTimeScheduler/advanceTo(_:)`` and ``VirtualTimeScheduler/sleep(_:)``; work runs in
/// due-date order (then in the order it was scheduled), with the clock set to its date first.
/// Intervals (`sleep(2.5)`, `scheduleRelative(…, dueTime: .milliseconds(300))`) land on whole
/// microseconds (``HistoricalSchedulerTimeConverter``).
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>,
    @unchecked Sendable  // the base class's state is lock-guarded
{
    /// A scheduler whose clock starts at `initialClock` (rounded to the microsecond).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        let converter = HistoricalSchedulerTimeConverter()
        super.init(initialClock: converter.convertToVirtualTime(initialClock), converter: converter)
    }
}

/// The clock of ``HistoricalScheduler``: virtual time is a date, intervals are seconds (RxSwift's
/// `HistoricalSchedulerTimeConverter`).
///
/// Unlike RxSwift's, which passes dates through as they are, it rounds the dates it makes to the
/// microsecond since 1970, so that repeated offsets (`sleep(0.1)` ten times) add up to the date
/// you would write (`Date(timeIntervalSince1970: 1)`) instead of accumulating floating-point
/// error. Dates given to `scheduleAbsoluteVirtual` and `advanceTo` are used as given.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Hashable {
    /// A date.
    public typealias VirtualTimeUnit = RxTime

    /// Seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// The converter (it has no settings).
    public init() {}

    /// The date itself.
    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }

    /// The date, rounded to the microsecond.
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { Self.rounded(time.timeIntervalSince1970) }

    /// The seconds themselves.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
        virtualTimeInterval
    }

    /// The seconds themselves.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }

    /// `time` plus `offset` seconds, rounded to the microsecond.
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime {
        Self.rounded(time.timeIntervalSince1970 + offset)
    }

    /// Date order.
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }

    /// The date `seconds` after 1970, rounded to the microsecond (infinite stays infinite).
    private static func rounded(_ seconds: TimeInterval) -> RxTime {
        guard seconds.isFinite else { return Date(timeIntervalSince1970: seconds) }
        return Date(timeIntervalSince1970: (seconds * 1e6).rounded() / 1e6)
    }
}
