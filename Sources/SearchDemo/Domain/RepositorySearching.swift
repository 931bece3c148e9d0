import Foundation

/// One page request against the repository search.
public struct SearchRequest: Sendable, Hashable {
    /// The user's query, already trimmed.
    public var query: String
    /// 1-based page number.
    public var page: Int
    /// Results per page (GitHub allows at most 100).
    public var perPage: Int
    /// How results are ordered (best match by default).
    public var sort: SearchSort
    /// The direction of ``sort`` (ignored for best match).
    public var order: SearchOrder

    /// Creates a request.
    public init(
        query: String, page: Int = 1, perPage: Int = 30, sort: SearchSort = .bestMatch,
        order: SearchOrder = .descending
    ) {
        self.query = query
        self.page = page
        self.perPage = perPage
        self.sort = sort
        self.order = order
    }
}

/// One page of search results.
public struct SearchPage: Sendable, Equatable {
    /// Total matches the backend reports (may exceed what can be paged through).
    public var totalCount: Int
    /// `true` when the backend timed out and returned partial matches.
    var incompleteResults: Bool
    /// The repositories on this page.
    public var items: [Repository]
    /// The next page number (from `link: …; rel="next"`), or `nil` on the last page.
    var nextPage: Int?
    /// `x-ratelimit-remaining` from the response, when the backend reports it.
    var rateLimitRemaining: Int?
    /// A query that would match, offered when this one matched nothing (the offline catalog's; `nil` live).
    var suggestion: String?

    /// Creates a page.
    init(
        totalCount: Int, incompleteResults: Bool = false, items: [Repository], nextPage: Int?,
        rateLimitRemaining: Int? = nil, suggestion: String? = nil
    ) {
        self.suggestion = suggestion
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
        self.nextPage = nextPage
        self.rateLimitRemaining = rateLimitRemaining
    }
}

/// Why a search failed, in terms a user understands.
public enum SearchError: Error, Sendable, Equatable {
    /// 403/429 rate limit. `retryAfter` is the wait in seconds the server asked for
    /// (`retry-after`, or until `x-ratelimit-reset` when `x-ratelimit-remaining` is 0);
    /// `nil` when the server gave no hint (the caller then waits 60 s with backoff).
    case rateLimited(retryAfter: Int?, message: String?)
    /// 422: the API's own message (first `errors[].message`, else `message`).
    case validationFailed(message: String)
    /// Any other non-2xx status, with the API's `message` when the body had one.
    case httpStatus(code: Int, message: String?)
    /// The body was not the JSON we expected (or was too large); `detail` says what was wrong.
    case malformedResponse(detail: String)
    /// The request got no complete HTTP answer: connection refused, unknown host, connection lost, no
    /// network, a failed TLS handshake, a response cut short.
    case transport(TransportFailure)
    /// The request timed out.
    case timedOut
    /// The query is longer than GitHub's 256-character limit; refused before sending.
    case queryTooLong(length: Int)
    /// The query's syntax is malformed (`stars:>>1`); refused before searching.
    case invalidQuery(SearchQueryError)
    /// The request was cancelled (a newer query replaced it).
    case cancelled
}

/// Anything that can answer a repository search: the live GitHub client or the offline catalog.
///
/// The app cannot tell implementations apart; both page like the GitHub API.
protocol RepositorySearching: Sendable {
    /// Fetches one page. Throws ``SearchError`` on failure and honours task cancellation.
    func search(_ request: SearchRequest) async throws -> SearchPage

    /// What the empty start screen says about the backend (the offline catalog's size and date), or `nil`.
    var startScreenNote: String? { get }
}

extension RepositorySearching {
    /// No note: the live search says nothing about itself on the start screen.
    var startScreenNote: String? { nil }
}
