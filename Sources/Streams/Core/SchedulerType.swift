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
}

extension RxTimeInterval {
    /// An interval of `seconds` (rounded to nanoseconds; negative becomes zero).
    static func fromSeconds(_ seconds: Double) -> RxTimeInterval {
        guard seconds.isFinite else { return .never }
        let nanoseconds = (max(0, seconds) * 1_000_000_000).rounded()
        return nanoseconds >= Double(Int.max) ? .never : .nanoseconds(Int(nanoseconds))
    }
}
