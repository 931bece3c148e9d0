import Streams
import StreamsMVC

/// The app's coordinator: starts the search screen and performs the routes its controller requests.
///
/// `.openURL` runs the ``URLOpener`` when there is one; otherwise (or when it fails to start) the
/// URL is shown in the status line so the user can copy it. Each request is performed exactly once:
/// the controller makes one request per `o` key press, however many bindings the view has.
@MainActor
public final class SearchCoordinator: Coordinator {
    /// The routes of the search flow.
    public typealias Route = SearchRoute

    /// No child flows yet; kept for the protocol.
    public var childCoordinators: [any Coordinator] = []

    private let opener: URLOpener
    private let notify: @MainActor (String) -> Void
    private let makeScreen: @MainActor (Navigator<SearchRoute>) -> any Disposable
    private var screen: (any Disposable)?

    /// A coordinator that wires its screen with `makeScreen` (given the navigator to hand to the
    /// controller), opens URLs with `opener`, and reports what it did through `notify`.
    public init(
        opener: URLOpener, notify: @escaping @MainActor (String) -> Void,
        makeScreen: @escaping @MainActor (Navigator<SearchRoute>) -> any Disposable
    ) {
        self.opener = opener
        self.notify = notify
        self.makeScreen = makeScreen
    }

    /// Wires the search screen (once).
    public func start() {
        guard screen == nil else { return }
        screen = makeScreen(Navigator(coordinator: self))
    }

    /// Tears the screen down.
    public func stop() {
        screen?.dispose()
        screen = nil
    }

    /// Performs `route`.
    public func navigate(to route: SearchRoute) {
        switch route {
        case .openURL(let url):
            notify(opener.open(url) ? "opened \(url)" : "open \(url)")
        }
    }
}
