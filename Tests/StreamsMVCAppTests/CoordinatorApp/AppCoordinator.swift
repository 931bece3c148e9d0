import Streams
import StreamsMVC

enum AppRoute: Sendable, Equatable {
    case results
    case repository(String)
    case back
}

/// Owns the navigation: a stack of screens, as a navigation controller keeps them. Each screen is
/// wired once, when it is pushed, and torn down when it is popped.
@MainActor
final class AppCoordinator: Coordinator {
    typealias Route = AppRoute

    /// A pushed screen: its view, and the disposable of its `combineModel` wiring.
    struct Screen {
        let view: AnyObject
        let wiring: any Disposable
    }

    var childCoordinators: [any Coordinator] = []
    private(set) var stack: [Screen] = []
    private let search: @Sendable (String) -> Observable<[String]>

    init(search: @escaping @Sendable (String) -> Observable<[String]>) {
        self.search = search
    }

    var top: AnyObject? { stack.last?.view }

    func start() {
        guard stack.isEmpty else { return }
        let home = HomeView()
        let controller = HomeController(navigator: Navigator(coordinator: self))
        push(home, combineModel(ConstantModel(state: "Search GitHub"), withView: home, controller: controller))
    }

    func navigate(to route: AppRoute) {
        switch route {
        case .results:
            guard let home = stack.first?.view as? HomeView else { return }
            let results = ResultsView(searchText: home.searchText)
            let controller = ResultsController(search: search, navigator: Navigator(coordinator: self))
            push(results, combineModel(ResultsModel(), withView: results, controller: controller))
        case .repository(let name):
            let repository = RepositoryView()
            push(
                repository,
                combineModel(ConstantModel(state: name), withView: repository, controller: NoEventsController()))
        case .back:
            guard stack.count > 1 else { return }
            stack.removeLast().wiring.dispose()
        }
    }

    /// Pops everything, home included.
    func stop() {
        while let screen = stack.popLast() { screen.wiring.dispose() }
    }

    private func push(_ view: AnyObject, _ wiring: any Disposable) {
        stack.append(Screen(view: view, wiring: wiring))
    }
}
