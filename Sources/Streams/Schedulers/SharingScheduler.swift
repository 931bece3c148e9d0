import Dispatch
import Foundation

// Concurrency: the mocked scheduler is a task-local value, so a mock is seen by the code its
// `action` runs (on that task, or on that thread outside tasks) and by nothing else: tests running
// in parallel never see each other's mocks. APIs resolve `make()` when they are created, not when
// an event arrives, so a chain built inside a mock stays virtual whatever thread feeds it later.
// `MainScheduler.instance` and `asyncInstance` are resolved the same way: read inside a mock, they
// are stand-ins bound to the mocked scheduler (made once per mock, with it), so an operator that
// stores one when the chain is built keeps scheduling in the mock's time.

/// The scheduler that UI-facing APIs default to (RxCocoa's `SharingScheduler`): the main
/// scheduler, or, inside `mock(scheduler:action:)`, the scheduler a test gives.
///
/// `Driver`, `Binder`, `combineModel`'s state delivery and every other API whose scheduler
/// defaults to the main scheduler take it from ``make()``. Inside a mock,
/// ``MainScheduler/instance`` and ``MainScheduler/asyncInstance`` stand for the mocked scheduler
/// too, so `debounce(_:scheduler:)`, `throttle(_:latest:scheduler:)`, `interval(_:scheduler:)`,
/// `observe(on:)`… given `MainScheduler.instance` in a chain built there run in the test's
/// virtual time (RxCocoa redirects only `make()`).
public enum SharingScheduler {
    /// A mock in effect: the scheduler the test gave, and the main schedulers that stand for it.
    struct Mock: Sendable {
        let scheduler: any SchedulerType
        let main: MainScheduler
        let asyncMain: MainScheduler

        init(_ scheduler: any SchedulerType) {
            self.scheduler = scheduler
            main = MainScheduler(standingFor: scheduler, alwaysAsync: false)
            asyncMain = MainScheduler(standingFor: scheduler, alwaysAsync: true)
        }
    }

    @TaskLocal private static var mocked: Mock?

    /// The scheduler for UI delivery right now: ``MainScheduler/instance``, or, inside
    /// `mock(scheduler:action:)`, the very scheduler the test gave.
    public static func make() -> any SchedulerType {
        mocked?.scheduler ?? MainScheduler.unmocked
    }

    /// The mocked scheduler, or `nil` outside a mock.
    static var mockedScheduler: (any SchedulerType)? { mocked?.scheduler }

    /// The mock in effect, or `nil` outside a mock.
    static var currentMock: Mock? { mocked }

    /// Runs `action` with `scheduler` standing in for the main scheduler.
    ///
    /// Inside `action`, ``make()`` returns `scheduler` itself, so a `Driver`, a `Binder` or a
    /// `combineModel` screen created there delivers in `scheduler`'s (virtual) time; and
    /// ``MainScheduler/instance`` and ``MainScheduler/asyncInstance`` read there schedule on
    /// `scheduler` too, so the time operators of a chain built there (`debounce`, `throttle`,
    /// `delay`, `interval`, `timeout`, `observe(on:)`… given `MainScheduler.instance`) wait in its
    /// virtual time, whatever thread feeds the chain later.
    ///
    /// Work the scheduler runs is not checked: a plain chain runs wherever the test advances it.
    /// Only a main-actor closure (a `drive` closure, a view, a `MainActorObservable` subscription)
    /// due off the main actor is checked: it does not run, and ``Hooks/offMainActorDelivery``
    /// reports it with the line that gave the closure (a StreamsTest `TestScheduler` makes that a
    /// test failure; without it, the program stops with the explanation). So advance a
    /// `TestScheduler` from the main actor (a `@MainActor` test) when main-actor closures are
    /// involved; they then run synchronously at their virtual time, inside the advance.
    ///
    /// Mocks nest (the innermost wins) and end when `action` returns.
    @discardableResult
    public static func mock<Result>(
        scheduler: any SchedulerType, action: () throws -> Result
    ) rethrows -> Result {
        try $mocked.withValue(Mock(scheduler)) { try action() }
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
        try await $mocked.withValue(Mock(scheduler)) { try await action() }
    }
}

/// Tells whether code runs on the main actor, without trapping.
///
/// The main actor runs on the main queue; on Linux, inside Swift Testing's `@MainActor` tests,
/// that queue is not served by the process's first thread, so `Thread.isMainThread` alone is not
/// enough. The main queue carries a marker that code running on it can read.
package enum MainActorCheck {
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

    /// Runs `body` if running on the main actor; otherwise does not run it and reports to
    /// ``Hooks/offMainActorDelivery`` that the main-actor closure given at `site` was due off the
    /// main actor. Returns whether `body` ran.
    ///
    /// Main-actor closures are only ever due off the main actor when a test advances a mocked
    /// scheduler from another thread; the main scheduler always delivers on the main queue.
    @discardableResult
    package static func run(givenAt site: CallSite, _ body: () -> Void) -> Bool {
        guard isOnMainActor else {
            Hooks.reportOffMainActorDelivery(message(givenAt: site), at: site)
            return false
        }
        body()
        return true
    }

    /// The report for a main-actor closure given at `site` and due off the main actor.
    static func message(givenAt site: CallSite) -> String {
        let file = site.fileID.split(separator: "/").last.map(String.init) ?? site.fileID
        return """
            SharingScheduler.mock: a main-actor closure (given at \(file):\(site.line)) was due off the main actor \
            and did not run. Advance the scheduler from the main actor (mark the test or its suite @MainActor): \
            main-actor closures then run inside the advance.
            """
    }
}
