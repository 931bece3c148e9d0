import Streams
import StreamsMVC

enum ResultsEvent: Sendable {
    case search(String)
    case select(String)
}
enum ResultsAction: Sendable { case show(query: String, rows: [String]) }

struct ResultsState: Sendable, Equatable {
    var query = ""
    var rows: [String] = []
}

struct ResultsModel: ReducerModel {
    let initialState = ResultsState()
    func reduce(state: ResultsState, with action: ResultsAction) -> ResultsState {
        switch action {
        case .show(let query, let rows): ResultsState(query: query, rows: rows)
        }
    }
}

struct ResultsController: FlatMapController {
    let search: @Sendable (String) -> Observable<[String]>
    let navigator: Navigator<AppRoute>
    var flatMapType: FlatMapType { .latest }

    func flatMapToAction(event: ResultsEvent) -> Observable<ResultsAction> {
        switch event {
        case .search(let text):
            return search(text).map { rows in .show(query: text, rows: rows) }
        case .select(let name):
            navigator.request(.repository(name))
            return .empty()
        }
    }
}

@MainActor
final class ResultsView: View, UserInteractable {
    private let searchText: BehaviorRelay<String>
    let rowTaps = PublishRelay<String>()
    private(set) var rows: [String] = []
    /// How often the search text was bound (`interact()` is called once per screen).
    private(set) var searchTextBindings = 0

    /// A results screen searching `searchText`, the home screen's relay (injected once).
    init(searchText: BehaviorRelay<String>) {
        self.searchText = searchText
    }

    func interact() -> Observable<ResultsEvent> {
        searchTextBindings += 1
        let typed = searchText.asObservable()
            .throttle(.milliseconds(500), scheduler: SharingScheduler.make())
            .map(ResultsEvent.search)
        return Observable.merge(typed, rowTaps.map(ResultsEvent.select))
    }

    func update(stateStream: Observable<ResultsState>) -> any Disposable {
        stateStream.map(\.rows).asDriver(onErrorJustReturn: []).drive(onNext: { [weak self] in self?.rows = $0 })
    }
}
