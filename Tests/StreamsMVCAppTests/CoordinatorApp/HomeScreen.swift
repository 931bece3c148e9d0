// The coordinator article's app, the Swift 6 way: a home screen with a search field and a
// button, a results screen searching as the user types, a repository screen, and a coordinator
// that owns the navigation. Views are main-actor classes; controllers and models are Sendable
// values; navigation goes through a Navigator.

import Streams
import StreamsMVC

enum HomeEvent: Sendable { case searchTapped }

/// The home screen changes nothing: it only navigates.
enum HomeAction: Sendable {}

struct HomeController: FlatMapController {
    let navigator: Navigator<AppRoute>

    func flatMapToAction(event: HomeEvent) -> Observable<HomeAction> {
        navigator.request(.results)
        return .empty()
    }
}

@MainActor
final class HomeView: View, UserInteractable {
    /// The search field's text. The home screen owns it; the coordinator hands it, once, to the
    /// results screen.
    let searchText = BehaviorRelay<String>(value: "")
    let searchButton = PublishRelay<Void>()
    private(set) var title = ""

    func interact() -> Observable<HomeEvent> { searchButton.map { .searchTapped } }

    func update(stateStream: Observable<String>) -> any Disposable {
        stateStream.asDriver(onErrorJustReturn: "").drive(onNext: { [weak self] in self?.title = $0 })
    }
}
