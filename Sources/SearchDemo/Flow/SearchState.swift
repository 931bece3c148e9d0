import Foundation

/// Everything the search screen shows.
struct SearchState: Sendable, Equatable {
    /// What the result area is doing.
    enum Phase: Sendable, Equatable {
        /// No query yet (or the query was cleared).
        case idle
        /// The first page of `query` is loading.
        case loading
        /// Results are shown.
        case loaded
        /// The next page is loading below the shown results.
        case loadingNextPage
        /// The query matched nothing.
        case empty
        /// Rate limited: no request is sent until the wait ends; `secondsLeft` counts down.
        case rateLimited(secondsLeft: Int)
    }

    /// The query the results belong to (trimmed), or "" when idle.
    var query = ""
    /// The current phase.
    var phase = Phase.idle
    /// Loaded repositories, de-duplicated by id, in result order.
    var results: [Repository] = []
    /// The query ``results`` belong to: ``query`` once its first page arrived, the previous query's while a
    /// new one loads (or fails), "" when there are none.
    var resultsQuery = ""
    /// Total matches the backend reports.
    var totalCount = 0
    /// The next page to load, or `nil` when everything (or the 1,000-result cap) is loaded.
    var nextPage: Int?
    /// Index of the selected row in `results`.
    var selection = 0
    /// The repository shown in the detail view, if open.
    var detail: Repository?
    /// The latest error message for the status line (results stay visible).
    var errorMessage: String?
    /// `x-ratelimit-remaining` from the latest response.
    var rateLimitRemaining: Int?
    /// How results are ordered (the status line names it unless it is best match).
    var sort = SearchSort.bestMatch
    /// The direction of ``sort``.
    var order = SearchOrder.descending
    /// What the empty start screen says about the backend (the offline catalog's size and date), or `nil`.
    var note: String?
    /// A query that would match, when ``query`` matched nothing and the backend found one.
    var suggestion: String?

    /// The initial, idle state.
    init() {}

    /// An idle state that sorts by `sort` in `order`, its start screen showing `note`.
    init(sort: SearchSort, order: SearchOrder, note: String? = nil) {
        self.sort = sort
        self.order = order
        self.note = note
    }

    /// The selected repository, if any.
    var selectedRepository: Repository? {
        results.indices.contains(selection) ? results[selection] : nil
    }
}
