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
    @TaskLocal private static var mocked: (any SchedulerType)?

    /// The scheduler for UI delivery right now: ``MainScheduler/instance``, or, inside
    /// `mock(scheduler:action:)`, the very scheduler the test gave.
    public static func make() -> any SchedulerType {
        mocked ?? MainScheduler.instance
    }

    /// The mocked scheduler, or `nil` outside a mock.
    static var mockedScheduler: (any SchedulerType)? { mocked }

    /// Runs `action` with `scheduler` standing in for the main scheduler.
    ///
    /// Inside `action`, ``make()`` returns `scheduler` itself, so a `Driver`, a `Binder` or a
    /// `combineModel` screen created there delivers in `scheduler`'s (virtual) time. Work the
    /// scheduler runs is not checked: a plain chain runs wherever the test advances it. Only a
    /// main-actor closure (a `drive` closure, a view, a `MainActorObservable` subscription) due
    /// off the main actor is checked: it does not run, and ``Hooks/offMainActorDelivery`` reports
    /// it with the line that gave the closure (a StreamsTest `TestScheduler` makes that a test
    /// failure; without it, the program stops with the explanation). So advance a `TestScheduler`
    /// from the main actor (a `@MainActor` test) when main-actor closures are involved; they then
    /// run synchronously at their virtual time, inside the advance.
    ///
    /// Mocks nest (the innermost wins) and end when `action` returns.
    @discardableResult
    public static func mock<Result>(
        scheduler: any SchedulerType, action: () throws -> Result
    ) rethrows -> Result {
        try $mocked.withValue(scheduler) { try action() }
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
        try await $mocked.withValue(scheduler) { try await action() }
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
    package static func run(givenAt site: MainActorCallSite, _ body: () -> Void) -> Bool {
        guard isOnMainActor else {
            Hooks.reportOffMainActorDelivery(message(givenAt: site), at: site)
            return false
        }
        body()
        return true
    }

    /// The report for a main-actor closure given at `site` and due off the main actor.
    static func message(givenAt site: MainActorCallSite) -> String {
        let file = site.fileID.split(separator: "/").last.map(String.init) ?? site.fileID
        return """
            SharingScheduler.mock: a main-actor closure (given at \(file):\(site.line)) was due off the main actor \
            and did not run. Advance the scheduler from the main actor (mark the test or its suite @MainActor): \
            main-actor closures then run inside the advance.
            """
    }
}
