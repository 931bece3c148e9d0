import Streams

/// Owns navigation and app-level side effects for a part of the app, so view controllers only
/// bind UI and controllers only decide.
///
/// A coordinator starts its first screen in ``start()``, keeps child coordinators alive while
/// their flows run, and handles the ``Route``s its screens request through a ``Navigator``.
@MainActor
public protocol Coordinator: AnyObject, Sendable {
    /// The kind of navigation requests this coordinator handles.
    associatedtype Route
    /// Coordinators of flows started from this one, kept alive while they run.
    var childCoordinators: [any Coordinator] { get set }
    /// Shows the first screen of the flow.
    func start()
    /// Performs one navigation request (show a screen, go back, open a URL).
    func navigate(to route: Route)
}

extension Coordinator {
    /// Keeps `child` alive and starts it.
    public func startChild(_ child: any Coordinator) {
        childCoordinators.append(child)
        child.start()
    }

    /// Releases `child` once its flow has finished.
    public func finishChild(_ child: any Coordinator) {
        childCoordinators.removeAll { $0 === child }
    }
}

/// The channel a controller uses to request navigation without knowing who performs it.
///
/// Requests are delivered in order to the coordinator on the main actor. A controller runs once
/// per user event (see `combineModel`), so a request made there happens exactly once per action.
///
/// Timing (``init(coordinator:fileID:filePath:line:column:)``): each request is scheduled on `SharingScheduler.make()` as
/// the navigator is created — in an app the main queue, always after the request returns (never
/// re-entering the screen that asked); inside `SharingScheduler.mock` the test's scheduler, so
/// navigation happens at its virtual time.
public final class Navigator<Route: Sendable>: Sendable {
    private let perform: @Sendable (Route) -> Void

    /// A navigator that hands requests to `perform` (which should hop to the main actor).
    public init(_ perform: @escaping @Sendable (Route) -> Void) {
        self.perform = perform
    }

    /// A navigator that forwards requests to `coordinator` on the main actor (held weakly, so
    /// screens owning the navigator do not keep their coordinator alive).
    ///
    /// Inside `SharingScheduler.mock`, a request due off the main actor (the test advanced the
    /// mocked scheduler from another thread) is not performed: ``Streams/Hooks/offMainActorDelivery``
    /// reports it at the call site (`fileID`, `filePath`, `line`, `column`).
    @MainActor
    public convenience init<C: Coordinator>(
        coordinator: C,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) where C.Route == Route {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let scheduler = SharingScheduler.make()
        let delivery: any ImmediateSchedulerType = scheduler is MainScheduler ? MainScheduler.asyncInstance : scheduler
        let target = WeakCoordinator(coordinator)
        self.init { route in
            _ = delivery.schedule(route) { route in
                // The main scheduler, or a mocked one that a test may advance from another thread.
                MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { target.value?.navigate(to: route) } }
                return Disposables.create()
            }
        }
    }

    /// Requests navigation to `route`.
    public func request(_ route: Route) { perform(route) }
}

/// A coordinator held weakly, read only on the main actor.
private final class WeakCoordinator<C: Coordinator>: Sendable {
    @MainActor weak var value: C?
    @MainActor init(_ value: C) { self.value = value }
}
