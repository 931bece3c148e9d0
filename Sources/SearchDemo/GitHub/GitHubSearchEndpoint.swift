import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``SearchRequest`` checked against GitHub's limits and turned into a `GET /search/repositories` request.
struct GitHubSearchEndpoint: Sendable, Equatable {
    /// Longest query GitHub accepts, in characters, after trimming.
    static let maximumQueryLength = 256
    /// GitHub serves at most this many results per search, however large `total_count` is.
    static let resultCap = 1000
    /// The largest `per_page` GitHub honours.
    static let maximumPerPage = 100

    /// Characters sent unescaped in the query: RFC 3986 "unreserved" only, so `+`, `&`, `=`, `;`, `#`, `:` and
    /// every non-ASCII byte are percent-encoded (GitHub reads a raw `+` as a space).
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The trimmed query.
    let query: String
    /// The page, at least 1.
    let page: Int
    /// Results per page, clamped to 1…100.
    let perPage: Int
    /// What the parser understood of ``query`` (sent as typed; this only validates it).
    let parsed: SearchQuery
    /// The `sort` parameter; best match sends none.
    let sort: SearchSort
    /// The `order` parameter, sent only with a ``sort``.
    let order: SearchOrder

    /// Validates `request` without touching the network.
    ///
    /// - Throws: ``SearchError/queryTooLong(length:)`` past 256 characters;
    ///   ``SearchError/validationFailed(message:)`` for an empty query, or for a page whose first result lies
    ///   beyond the 1,000-result cap (the message GitHub itself sends for that case);
    ///   ``SearchError/invalidQuery(_:)`` when ``SearchQuery/parse(_:)`` finds a malformed qualifier.
    init(_ request: SearchRequest) throws(SearchError) {
        query = request.query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard query.count <= Self.maximumQueryLength else { throw .queryTooLong(length: query.count) }
        guard !query.isEmpty else { throw .validationFailed(message: "the search query is empty") }
        do {
            parsed = try SearchQuery.parse(query)
        } catch {
            throw .invalidQuery(error)
        }
        sort = request.sort
        order = request.order
        page = max(1, request.page)
        perPage = min(max(1, request.perPage), Self.maximumPerPage)
        guard Self.isWithinCap(page: page, perPage: perPage) else {
            throw .validationFailed(message: "Only the first \(Self.resultCap) search results are available")
        }
    }

    /// Whether the first result of `page` is among the first 1,000.
    static func isWithinCap(page: Int, perPage: Int) -> Bool {
        let (skipped, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        return !overflow && skipped < resultCap
    }

    /// `{baseURL}/search/repositories?q=…[&sort=…&order=…]&per_page=…&page=…` with the query, qualifiers
    /// and all, strictly percent-encoded.
    func url(baseURL: URL) -> URL? {
        let path = baseURL.appendingPathComponent("search").appendingPathComponent("repositories")
        guard var components = URLComponents(url: path, resolvingAgainstBaseURL: false),
            let encodedQuery = query.addingPercentEncoding(withAllowedCharacters: Self.unreserved)
        else { return nil }
        var items = [URLQueryItem(name: "q", value: encodedQuery)]
        if sort != .bestMatch {
            items += [
                URLQueryItem(name: "sort", value: sort.rawValue), URLQueryItem(name: "order", value: order.rawValue),
            ]
        }
        items += [
            URLQueryItem(name: "per_page", value: String(perPage)),
            URLQueryItem(name: "page", value: String(page)),
        ]
        components.percentEncodedQueryItems = items
        return components.url
    }
}
