import Streams
import StreamsMVC

/// The app's coordinator: starts the search screen and performs the routes its controller requests.
///
/// `.openURL` runs the ``URLOpener`` when there is one and says "opened … in the browser"; otherwise (or
/// when it fails to start) the status line says no browser was found and shows the URL to copy. Each request is performed exactly once:
/// the controller makes one request per `o` key press, however many bindings the view has.
@MainActor
final class SearchCoordinator: Coordinator {
    /// The routes of the search flow.
    typealias Route = SearchRoute

    /// No child flows yet; kept for the protocol.
    var childCoordinators: [any Coordinator] = []

    private let opener: URLOpener
    private let notify: @MainActor (String) -> Void
    private let makeScreen: @MainActor (Navigator<SearchRoute>) -> any Disposable
    private var screen: (any Disposable)?

    /// A coordinator that wires its screen with `makeScreen` (given the navigator to hand to the
    /// controller), opens URLs with `opener`, and reports what it did through `notify`.
    init(
        opener: URLOpener, notify: @escaping @MainActor (String) -> Void,
        makeScreen: @escaping @MainActor (Navigator<SearchRoute>) -> any Disposable
    ) {
        self.opener = opener
        self.notify = notify
        self.makeScreen = makeScreen
    }

    /// Wires the search screen (once).
    func start() {
        guard screen == nil else { return }
        screen = makeScreen(Navigator(coordinator: self))
    }

    /// Tears the screen down.
    func stop() {
        screen?.dispose()
        screen = nil
    }

    /// Performs `route`.
    func navigate(to route: SearchRoute) {
        switch route {
        case .openURL(let url):
            let shown = TerminalSafeText.line(url)
            notify(opener.open(url) ? "opened \(shown) in the browser" : "no browser found; the URL is \(shown)")
        }
    }
}
