import Foundation
import Streams

/// A scheduler that must never be used: reading its clock or scheduling anything on it records
/// a test failure (at the place the scheduler was created) and does nothing.
///
/// Pass it where an operator takes a scheduler to prove a path does no time-based work, e.g.
/// that `debounce` with an empty upstream never starts a timer. Scheduled actions never run,
/// and the returned disposables do nothing.
public struct UnimplementedScheduler: SchedulerType {
    /// The name used in failure messages.
    public let name: String
    private let site: CallSite

    /// Creates an unimplemented scheduler; failures point at this call.
    public init(
        _ name: String = "UnimplementedScheduler",
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.name = name
        self.site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records a failure and returns the Unix epoch.
    public var now: RxTime {
        fail("now")
        return Date(timeIntervalSince1970: 0)
    }

    /// Records a failure; `action` does not run.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        fail("schedule(_:action:)")
        return Disposables.create()
    }

    /// Records a failure; `action` does not run.
    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        fail("scheduleRelative(_:dueTime: \(dueTime), action:)")
        return Disposables.create()
    }

    /// Records a failure; `action` does not run.
    public func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        fail("schedulePeriodic(_:startAfter: \(startAfter), period: \(period), action:)")
        return Disposables.create()
    }

    private func fail(_ member: String) {
        reportTestFailure("\(name): \(member) was called, but this path must not use a scheduler", at: site)
    }
}
