import StreamsMVC

/// The search screen's model: a pure reducer over ``SearchAction``s.
///
/// Stale actions — a page or failure for a query other than the current one — are ignored, so a
/// slow response can never overwrite a newer query's results. A rate-limit countdown for another query is a
/// newer query waiting for the gate, so that query becomes the current one. The last good results stay on screen
/// while a new query loads and when it fails; its first page replaces them.
struct SearchModel: ReducerModel {
    /// What the controller sends.
    typealias Action = SearchAction
    /// What the view renders.
    typealias State = SearchState

    private let sort: SearchSort
    private let order: SearchOrder
    private let note: String?

    /// Creates the model; results start ordered by `sort` in `order`, and the start screen shows `note` (what
    /// the backend is, ``RepositorySearching/startScreenNote``).
    init(sort: SearchSort = .bestMatch, order: SearchOrder = .descending, note: String? = nil) {
        self.sort = sort
        self.order = order
        self.note = note
    }

    /// The idle state.
    var initialState: SearchState { SearchState(sort: sort, order: order, note: note) }

    /// Applies one action.
    func reduce(state: SearchState, with action: SearchAction) -> SearchState {
        var state = state
        switch action {
        case .cleared:
            state = SearchState(sort: state.sort, order: state.order, note: state.note)
        case .requestStarted(let query, let page):
            if page == 1 {
                // The last good results stay visible until the new query's first page replaces them.
                if query != state.query { state.detail = nil }
                state.query = query
                state.phase = .loading
                state.nextPage = nil
                state.suggestion = nil
            } else if query == state.query {
                state.phase = .loadingNextPage
            }
            state.errorMessage = nil
        case .pageLoaded(let query, let page, let result):
            guard query == state.query else { break }
            if page == 1 {
                state.results = []
                state.selection = 0
                state.resultsQuery = query
                state.suggestion = result.suggestion
            }
            var seen = Set(state.results.map(\.id))
            for repository in result.items where seen.insert(repository.id).inserted {
                state.results.append(repository)
            }
            state.totalCount = result.totalCount
            state.nextPage = result.nextPage
            state.rateLimitRemaining = result.rateLimitRemaining ?? state.rateLimitRemaining
            state.phase = state.results.isEmpty ? .empty : .loaded
            state.errorMessage = nil
        case .requestFailed(let query, let message):
            guard query == state.query else { break }
            state.errorMessage = message
            state.phase = state.results.isEmpty ? .idle : .loaded
        case .rateLimitCountdown(let query, let secondsLeft):
            if query != state.query {
                // Countdowns come only from the request the controller is running (a newer query disposes the
                // older one), so this is a newer query waiting out the limit: it becomes the current query, as
                // on `requestStarted`, or the screen would show the old query's countdown frozen.
                state.query = query
                state.detail = nil
                state.nextPage = nil
                state.errorMessage = nil
            }
            state.phase = .rateLimited(secondsLeft: secondsLeft)
            state.rateLimitRemaining = 0
        case .moveSelection(let delta):
            state.selection = clamp(state.selection + delta, count: state.results.count)
        case .select(let index):
            state.selection = clamp(index, count: state.results.count)
        case .showDetail:
            state.detail = state.selectedRepository
        case .hideDetail:
            state.detail = nil
        case .sortChanged(let sort):
            state.sort = sort
        }
        return state
    }

    private func clamp(_ index: Int, count: Int) -> Int {
        max(0, min(index, count - 1))
    }
}
