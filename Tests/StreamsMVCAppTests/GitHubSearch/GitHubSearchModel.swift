// The example's model, with RxMVC's first spelling of the reducer: `reduce(_:with:)`.

import Foundation
import StreamsMVC

struct GitHubSearchModel: ReducerModel {
    typealias State = GitHubSearchState
    typealias Action = GitHubSearchAction

    let initialState = GitHubSearchState(query: nil, repositories: .some([]))

    func reduce(_ state: State, with action: Action) -> State {
        var query = state.query
        var repositories = state.repositories
        switch action {
        case .updateQuery(let newQuery): query = newQuery
        case .updateRepositories(let found): repositories = .some(found)
        case .repositoriesError(let error): repositories = .error(error)
        }
        return State(query: query, repositories: repositories)
    }
}
