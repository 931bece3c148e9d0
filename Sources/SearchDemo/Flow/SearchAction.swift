/// What the controller tells the model. Every change of ``SearchState`` is one of these.
enum SearchAction: Sendable, Equatable {
    /// The query was cleared: results go away, in-flight work was cancelled.
    case cleared
    /// A page request for `query` started (page 1 replaces results; later pages append).
    case requestStarted(query: String, page: Int)
    /// A page for `query` arrived.
    case pageLoaded(query: String, page: Int, SearchPage)
    /// A request for `query` failed; the message goes to the status line, results stay.
    case requestFailed(query: String, message: String)
    /// Rate limited: waiting `secondsLeft` more seconds before retrying automatically.
    case rateLimitCountdown(query: String, secondsLeft: Int)
    /// Move the selection by `delta` rows (clamped to the loaded results).
    case moveSelection(by: Int)
    /// Select the row at `index` (clamped).
    case select(index: Int)
    /// Show the detail view for the selected repository.
    case showDetail
    /// Leave the detail view.
    case hideDetail
    /// Results are now ordered by `sort` (the controller searches again with it).
    case sortChanged(SearchSort)
}
