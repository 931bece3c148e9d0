import Dispatch
import Foundation

// Concurrency: the mocked scheduler is a task-local value, so a mock is seen by the code its
// `action` runs (on that task, or on that thread outside tasks) and by nothing else: tests running
// in parallel never see each other's mocks. APIs resolve `make()` when they are created, not when
// an event arrives, so a chain built inside a mock stays virtual whatever thread feeds it later.

/// The scheduler that UI-facing APIs default to (RxCocoa's `SharingScheduler`): the main
/// scheduler, or, inside `mock(scheduler:action:)`, the scheduler a test gives.
///
/// `Driver`, `Binder`, `combineModel`'s state delivery and every other API whose scheduler
/// defaults to the main scheduler take it from ``make()``; so does
/// `observe(on: MainScheduler.instance)`, the main-actor delivery path. A `MainScheduler` passed
/// explicitly as an ordinary scheduler argument is not redirected, as in RxCocoa.
public enum SharingScheduler {
    @TaskLocal private static var mocked: MainActorCheckedScheduler?

    /// The scheduler for UI delivery right now: ``MainScheduler/instance``, or the mocked
    /// scheduler inside `mock(scheduler:action:)`.
    public static func make() -> any SchedulerType {
        mocked ?? MainScheduler.instance
    }

    /// The mocked scheduler, or `nil` outside a mock.
    static var mockedScheduler: (any SchedulerType)? { mocked }

    /// Runs `action` with `scheduler` standing in for the main scheduler.
    ///
    /// Inside `action`, ``make()`` returns `scheduler`, so a `Driver`, a `Binder` or a
    /// `combineModel` screen created there delivers in `scheduler`'s (virtual) time. The mocked
    /// scheduler stands for the main thread: each piece of work it runs checks that it runs on the
    /// main actor, and stops the program with an explanation otherwise. So advance a
    /// `TestScheduler` from the main actor (a `@MainActor` test); main-actor closures then run
    /// synchronously at their virtual time, inside the advance.
    ///
    /// Mocks nest (the innermost wins) and end when `action` returns.
    @discardableResult
    public static func mock<Result>(
        scheduler: any SchedulerType, action: () throws -> Result
    ) rethrows -> Result {
        try $mocked.withValue(MainActorCheckedScheduler(wrapping: scheduler)) { try action() }
    }

    /// Runs `action` with the scheduler `makeScheduler` makes standing in for the main scheduler
    /// (RxCocoa's spelling; see ``mock(scheduler:action:)``). `makeScheduler` runs once, now.
    @discardableResult
    public static func mock<Result>(
        makeScheduler: () -> any SchedulerType, action: () throws -> Result
    ) rethrows -> Result {
        try mock(scheduler: makeScheduler(), action: action)
    }

    /// The asynchronous form of `mock(scheduler:action:)`: the mock holds for the
    /// whole of `action`, across its suspensions.
    @discardableResult
    public static func mock<Result>(
        scheduler: any SchedulerType, isolation: isolated (any Actor)? = #isolation,
        action: () async throws -> Result
    ) async rethrows -> Result {
        try await $mocked.withValue(MainActorCheckedScheduler(wrapping: scheduler)) { try await action() }
    }
}

/// A scheduler standing in for the main scheduler: it forwards to `base` and checks, before each
/// action runs, that the action runs on the main actor.
final class MainActorCheckedScheduler: SchedulerType {
    let base: any SchedulerType

    init(wrapping scheduler: any SchedulerType) {
        base = (scheduler as? MainActorCheckedScheduler)?.base ?? scheduler
    }

    var now: RxTime { base.now }

    func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        base.schedule(state) { state in
            MainActorCheck.require()
            return action(state)
        }
    }

    func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        base.scheduleRelative(state, dueTime: dueTime) { state in
            MainActorCheck.require()
            return action(state)
        }
    }

    func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        base.schedulePeriodic(state, startAfter: startAfter, period: period) { state in
            MainActorCheck.require()
            return action(state)
        }
    }
}

/// Tells whether code runs on the main actor, without trapping.
///
/// The main actor runs on the main queue; on Linux, inside Swift Testing's `@MainActor` tests,
/// that queue is not served by the process's first thread, so `Thread.isMainThread` alone is not
/// enough. The main queue carries a marker that code running on it can read.
enum MainActorCheck {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    /// `true` on the main thread or on the main queue.
    static var isOnMainActor: Bool {
        _ = marked
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }

    /// Stops the program with an explanation unless running on the main actor.
    static func require() {
        precondition(
            isOnMainActor,
            """
            SharingScheduler.mock: the mocked scheduler stands for the main thread, but it ran work off the \
            main actor. Advance the scheduler from the main actor (mark the test or its suite @MainActor): \
            main-actor closures (Driver.drive, views, MainActorObservable) then run inside the advance.
            """)
    }
}
