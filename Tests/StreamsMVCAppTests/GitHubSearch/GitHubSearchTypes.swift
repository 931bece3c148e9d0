// RxMVC's GitHub Search example screen, ported: the same types, requirement spellings and library
// calls as its Swift 3 page (RxMVC 0.2, September 2016), compiled with only the imports changed.
// The code is written here; the shapes are the point.

import Foundation

enum GitHubSearchEvent {
    case changeSearchText(String)
    case selectRepository(Repository)
}

enum GitHubSearchAction {
    case updateQuery(String?)
    case updateRepositories([Repository])
    case repositoriesError(Error)
}

enum RepositoriesState {
    case some([Repository])
    case error(Error)
}

struct GitHubSearchState {
    let query: String?
    let repositories: RepositoriesState
}
