import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live backend: GitHub's REST repository search, `GET {baseURL}/search/repositories`.
///
/// - The query is trimmed; over 256 characters it is refused with ``SearchError/queryTooLong(length:)`` and an
///   empty one with ``SearchError/validationFailed(message:)``, both without a request.
/// - `perPage` is clamped to 1…100 and `page` to at least 1. A page whose first result lies beyond GitHub's
///   1,000-result cap is refused locally with the ``SearchError/validationFailed(message:)`` GitHub itself
///   would send, and a `next` link pointing past the cap is reported as `nextPage == nil`.
/// - `timeout` bounds the whole request (connect to last byte); the app uses the default, 15 s.
/// - Failures map to ``SearchError``; see ``SearchError/userMessage`` for the text users see.
/// - The token goes only to `baseURL`'s origin (see ``TokenScope``): it is not attached at all when
///   `baseURL` is plain HTTP to another machine, a redirect to another origin is followed without it, and
///   it is replaced by `[token]` in every error the client throws (a server may echo it in a message).
struct GitHubClient: RepositorySearching {
    /// `https://api.github.com`.
    static let defaultBaseURL = URL(string: "https://api.github.com")!

    /// The session every client uses: ephemeral, no cache, no cookies, and a ``CrossOriginRedirectGuard``
    /// as its delegate.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        return URLSession(configuration: configuration, delegate: CrossOriginRedirectGuard(), delegateQueue: nil)
    }()

    /// The API root; `search/repositories` is appended to it.
    let baseURL: URL
    /// Sent as `User-Agent` (GitHub rejects requests without one).
    let userAgent: String
    /// Seconds the whole request may take before ``SearchError/timedOut``.
    let timeout: TimeInterval

    private let token: String?
    private let transport: HTTPTransport
    private let now: @Sendable () -> Date

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The API root (a GitHub Enterprise `…/api/v3` root works too).
    ///   - token: A personal access token sent as `Authorization: Bearer …`; `nil` or empty sends none, and so
    ///     does a `baseURL` that ``TokenScope/refusal(for:)`` refuses.
    ///   - userAgent: The app's name and version, e.g. `streams-search-demo/0.1.0`; if blank,
    ///     `streams-search-demo` is sent (never the session's default).
    ///   - timeout: Seconds the whole request may take.
    ///   - now: The clock used to turn `x-ratelimit-reset` into a wait.
    init(
        baseURL: URL = GitHubClient.defaultBaseURL, token: String? = nil, userAgent: String, timeout: TimeInterval = 15,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.baseURL = baseURL
        let token = token.map(Self.headerValue).flatMap { $0.isEmpty ? nil : $0 }
        self.token = TokenScope.refusal(for: baseURL) == nil ? token : nil
        self.userAgent = userAgent
        self.transport = HTTPTransport(session: Self.session)
        self.timeout = timeout
        self.now = now
    }

    /// Fetches one page of repositories matching `request.query`.
    ///
    /// - Throws: ``SearchError`` only, never containing the token; ``SearchError/cancelled`` promptly when the
    ///   task is cancelled.
    func search(_ request: SearchRequest) async throws(SearchError) -> SearchPage {
        do {
            let endpoint = try GitHubSearchEndpoint(request)
            let urlRequest = try makeURLRequest(endpoint)
            let (body, response) = try await transport.send(urlRequest, timeout: timeout)
            let decoder = GitHubResponseDecoder(perPage: endpoint.perPage, now: now())
            return try decoder.page(
                status: response.statusCode, header: response.value(forHTTPHeaderField:), body: body)
        } catch {
            guard let token else { throw error }
            throw error.replacingText(token, with: "[token]")
        }
    }

    private func makeURLRequest(_ endpoint: GitHubSearchEndpoint) throws(SearchError) -> URLRequest {
        guard let url = endpoint.url(baseURL: baseURL) else {
            let server = baseURL.host ?? baseURL.absoluteString
            throw .transport(
                TransportFailure(kind: .other, server: server, detail: "no search URL from \(baseURL.absoluteString)"))
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        // A backstop only: `HTTPTransport` enforces `timeout` itself (Linux truncates this to whole seconds).
        request.timeoutInterval = timeout.isFinite && timeout > 0 ? timeout.rounded(.up) + 1 : 60
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
        let agent = Self.headerValue(userAgent)
        request.setValue(agent.isEmpty ? "streams-search-demo" : agent, forHTTPHeaderField: "User-Agent")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        return request
    }

    /// `text` without CR/LF, so a value can never start a new header line.
    private static func headerValue(_ text: String) -> String {
        text.filter { !$0.isNewline }.trimmingCharacters(in: .whitespaces)
    }
}
