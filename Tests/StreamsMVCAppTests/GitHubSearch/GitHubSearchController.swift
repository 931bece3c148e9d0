// The example's controller: a `.latest` FlatMapController with RxMVC's first spelling,
// `flatMapEventToAction(_:)`, ending each search with `asDriver(onErrorRecover:)`.
//
// Besides the imports, only the delegate protocol's declaration changes, as Swift 6 requires:
// `class` is spelled `AnyObject` (Swift deprecated `class`), and the protocol is `Sendable`,
// because a controller is `Sendable`: it runs on whatever thread the events arrive on.

import Foundation
import Streams
import StreamsMVC

protocol GitHubSearchControllerDelegate: AnyObject, Sendable {
    func openURL(_ url: URL)
}

struct GitHubSearchController: FlatMapController {
    typealias Event = GitHubSearchEvent
    typealias Action = GitHubSearchAction

    var flatMapType = FlatMapType.latest

    weak var delegate: GitHubSearchControllerDelegate?

    init(delegate: GitHubSearchControllerDelegate) {
        self.delegate = delegate
    }

    func flatMapEventToAction(_ event: Event) -> Observable<Action> {
        switch event {
        case .selectRepository(let repository):
            // A side effect, then no action.
            URL(string: repository.htmlURL).map { delegate?.openURL($0) }
            return Observable.empty()
        case .changeSearchText(let text):
            let trimmed = text.trimmingCharacters(in: CharacterSet.whitespaces)
            guard !trimmed.isEmpty else {
                return Observable.of(Action.updateQuery(nil), Action.updateRepositories([]))
            }
            let results = GitHubAPI(manager: SessionManager.default).searchRepo(trimmed)
                .map { found -> Action in .updateRepositories(found) }
                .asDriver(onErrorRecover: { error -> Driver<Action> in Driver.just(.repositoriesError(error)) })
            return Observable.just(Action.updateQuery(trimmed)).concat(results)
        }
    }
}
