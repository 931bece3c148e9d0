import Foundation

/// What a ``VirtualTimeScheduler`` needs to know about its clock (RxSwift's
/// `VirtualTimeConverterType`): the type of its absolute times and of its intervals, how they map
/// to dates and seconds, how to add an interval to a time, and how to order two times.
///
/// Streams ships ``TickVirtualTimeConverter`` (integer ticks of a fixed length: `TestScheduler`'s)
/// and ``HistoricalSchedulerTimeConverter`` (dates: ``HistoricalScheduler``'s). Write your own to
/// count time in another unit (say, `Double` seconds).
///
/// The scheduler orders its queue with ``compareVirtualTime(_:_:)`` while it holds the queue's
/// lock, and calls the other requirements outside it: every requirement must be a pure function
/// of its arguments (no calls back into the scheduler). Converters and their times are
/// `Sendable` because the scheduler is: its clock may be read from any thread.
public protocol VirtualTimeConverterType: Sendable {
    /// An absolute time on the virtual clock (an `Int` tick, a `Date`…).
    associatedtype VirtualTimeUnit: Sendable

    /// A difference between two virtual times.
    associatedtype VirtualTimeIntervalUnit: Sendable

    /// The date a virtual time stands for (the scheduler's `now`).
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime

    /// The virtual time of a date.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit

    /// The seconds a virtual interval stands for.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval

    /// The virtual interval of a number of seconds (`.infinity` for `RxTimeInterval.never`).
    ///
    /// The scheduler uses it for every `RxTimeInterval` it is given (`scheduleRelative`, the
    /// operators' timers): their due time is ``offsetVirtualTime(_:offset:)`` of the clock by it.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit

    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit

    /// How `lhs` compares with `rhs` (a converter's own order, so its times need not be
    /// `Comparable`).
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// How two virtual times compare (``VirtualTimeConverterType/compareVirtualTime(_:_:)``).
public enum VirtualTimeComparison: Sendable, Hashable {
    /// `lhs < rhs`.
    case lessThan
    /// `lhs == rhs`.
    case equal
    /// `lhs > rhs`.
    case greaterThan
}

/// Virtual time counted in integer ticks of `resolution` seconds each: the clock of
/// `TestScheduler` (RxTest's `TestSchedulerVirtualTimeConverter`, which StreamsTest names as an
/// alias) and of `VirtualTimeScheduler(initialClock:resolution:)`.
///
/// Tick *n* is the date `n × resolution` seconds after 1970. Seconds convert to the nearest tick
/// (`.milliseconds(500)` is 1 tick at the default resolution of 1 second; a half tick rounds
/// up); an infinite interval (`.never`) is `Int.max / 2` ticks, and offsets saturate instead of
/// overflowing.
public struct TickVirtualTimeConverter: VirtualTimeConverterType, Hashable {
    /// A tick number.
    public typealias VirtualTimeUnit = Int

    /// A number of ticks.
    public typealias VirtualTimeIntervalUnit = Int

    /// Seconds per tick.
    public let resolution: Double

    /// A converter with `resolution` seconds per tick.
    public init(resolution: Double = 1.0) {
        self.resolution = resolution
    }

    /// The date `virtualTime × resolution` seconds after 1970.
    public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: convertFromVirtualTimeInterval(virtualTime))
    }

    /// The tick nearest to `time`.
    public func convertToVirtualTime(_ time: RxTime) -> Int {
        convertToVirtualTimeInterval(time.timeIntervalSince1970)
    }

    /// `virtualTimeInterval × resolution` seconds.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        Double(virtualTimeInterval) * resolution
    }

    /// The number of ticks nearest to `timeInterval` seconds (`Int.max / 2` for `.infinity`).
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        let ticks = (timeInterval / resolution + 0.5).rounded(.down)
        if ticks.isNaN { return 0 }
        if ticks >= Double(Int.max / 2) { return Int.max / 2 }
        if ticks <= -Double(Int.max / 2) { return -(Int.max / 2) }
        return Int(ticks)
    }

    /// `time + offset`, saturating at the bounds of `Int`.
    public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        return overflow ? (offset < 0 ? Int.min : Int.max) : sum
    }

    /// Integer order.
    public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}
