import Foundation
import Testing

@testable import SearchDemo

/// The live client against a real HTTP server on 127.0.0.1.
@Suite struct GitHubClientTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    private static let twoItems = """
        {"total_count": 2, "incomplete_results": false, "items": [
          {"id": 1, "name": "Tetris", "full_name": "dtrupenn/Tetris", "html_url": "https://github.com/dtrupenn/Tetris",
           "url": "https://api.github.com/repos/dtrupenn/Tetris", "description": "A C implementation of Tetris",
           "language": "Assembly", "stargazers_count": 1, "updated_at": "2013-01-05T17:58:47Z", "score": 1.0,
           "owner": {"login": "dtrupenn", "id": 7}, "topics": ["game"], "archived": false},
          {"id": 2, "name": "empty", "full_name": "someone/empty", "html_url": "https://github.com/someone/empty",
           "description": null, "language": null, "stargazers_count": 0, "updated_at": "2024-02-29T00:00:00Z",
           "license": null}
        ]}
        """

    private static let tetris = Repository(
        id: 1, name: "Tetris", fullName: "dtrupenn/Tetris", htmlURL: URL(string: "https://github.com/dtrupenn/Tetris")!,
        description: "A C implementation of Tetris", language: "Assembly", stargazersCount: 1,
        updatedAt: Date(timeIntervalSince1970: 1_357_408_727))

    private static let empty = Repository(
        id: 2, name: "empty", fullName: "someone/empty", htmlURL: URL(string: "https://github.com/someone/empty")!,
        description: nil, language: nil, stargazersCount: 0, updatedAt: Date(timeIntervalSince1970: 1_709_164_800))

    private static let emptyPage = #"{"total_count": 0, "incomplete_results": false, "items": []}"#

    private func client(_ server: LocalHTTPServer, token: String? = nil, timeout: TimeInterval = 60) -> GitHubClient {
        GitHubClient(
            baseURL: server.baseURL, token: token, userAgent: "streams-search-demo/0.1.0", timeout: timeout,
            now: { Self.now })
    }

    /// Runs one search against a server that always answers `response`.
    private func search(
        _ request: SearchRequest = SearchRequest(query: "swift"), answering response: LocalHTTPServer.Response
    ) async throws -> SearchPage {
        try await withLocalHTTPServer(answering: response) { try await client($0).search(request) }
    }

    // MARK: Success

    @Test func decodesItemsWithNullsAndIgnoresExtraFields() async throws {
        let page = try await search(answering: .json(Self.twoItems))
        #expect(
            page
                == SearchPage(
                    totalCount: 2, incompleteResults: false, items: [Self.tetris, Self.empty], nextPage: nil,
                    rateLimitRemaining: nil))
    }

    @Test func sendsTheRequestLineAndGitHubHeaders() async throws {
        try await withLocalHTTPServer(answering: .json(Self.emptyPage)) { server in
            _ = try await client(server).search(SearchRequest(query: "swift"))
            let request = try #require(server.requests.first)
            #expect(server.requests.count == 1)
            #expect(request.requestLine == "GET /search/repositories?q=swift&per_page=30&page=1 HTTP/1.1")
            #expect(request.header("Accept") == "application/vnd.github+json")
            #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
            #expect(request.header("User-Agent") == "streams-search-demo/0.1.0")
            #expect(request.header("Authorization") == nil)
        }
    }

    @Test(arguments: [("secret-token", "Bearer secret-token"), ("", nil), (nil, nil)] as [(String?, String?)])
    func sendsAuthorizationOnlyWithAToken(token: String?, expected: String?) async throws {
        try await withLocalHTTPServer(answering: .json(Self.emptyPage)) { server in
            _ = try await client(server, token: token).search(SearchRequest(query: "swift"))
            #expect(server.requests.first?.header("Authorization") == expected)
        }
    }

    @Test(arguments: [
        ("c++", "c%2B%2B"),
        ("a&b", "a%26b"),
        ("a=b", "a%3Db"),
        ("日本語", "%E6%97%A5%E6%9C%AC%E8%AA%9E"),
        ("swift ui", "swift%20ui"),
        ("  padded\n", "padded"),
        ("🦀 rust", "%F0%9F%A6%80%20rust"),
        ("language:swift stars:>100", "language%3Aswift%20stars%3A%3E100"),
        ("#tag;x", "%23tag%3Bx"),
    ])
    func encodesTheQuerySoItRoundTrips(query: String, encoded: String) async throws {
        try await withLocalHTTPServer(answering: .json(Self.emptyPage)) { server in
            _ = try await client(server).search(SearchRequest(query: query))
            let target = try #require(server.requests.first?.target)
            #expect(target == "/search/repositories?q=\(encoded)&per_page=30&page=1")
            let received = URLComponents(string: target)?.queryItems?.first { $0.name == "q" }?.value
            #expect(received == query.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test(arguments: [
        (SearchRequest(query: "x", page: 0, perPage: 0), "per_page=1&page=1"),
        (SearchRequest(query: "x", page: 2, perPage: 500), "per_page=100&page=2"),
        (SearchRequest(query: "x", page: 34, perPage: 30), "per_page=30&page=34"),
        (SearchRequest(query: "x", page: 10, perPage: 100), "per_page=100&page=10"),
    ])
    func clampsPageAndPerPage(request: SearchRequest, query: String) async throws {
        try await withLocalHTTPServer(answering: .json(Self.emptyPage)) { server in
            _ = try await client(server).search(request)
            #expect(server.requests.map(\.target) == ["/search/repositories?q=x&\(query)"])
        }
    }

    @Test func readsNextPageAndRateLimitRemainingFromHeaders() async throws {
        let link =
            #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=1>; rel="prev", "#
            + #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=3>; REL="Next", "#
            + #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=34>; rel="last""#
        let page = try await search(
            SearchRequest(query: "swift", page: 2),
            answering: .json(Self.emptyPage, headers: [("link", link), ("X-RateLimit-Remaining", "9")]))
        #expect(page.nextPage == 3)
        #expect(page.rateLimitRemaining == 9)
    }

    @Test func followsNextPageUntilTheLastPage() async throws {
        let server = try LocalHTTPServer { request in
            guard request.target.hasSuffix("&page=1") else { return .json(Self.twoItems) }
            let next = "<http://127.0.0.1/search/repositories?q=swift&per_page=2&page=2>; rel=\"next\""
            return .json(Self.emptyPage, headers: [("link", next)])
        }
        defer { server.shutdown() }
        let first = try await client(server).search(SearchRequest(query: "swift", perPage: 2))
        let second = try await client(server).search(
            SearchRequest(query: "swift", page: try #require(first.nextPage), perPage: 2))
        #expect(first.nextPage == 2)
        #expect(second.nextPage == nil)
        #expect(second.items == [Self.tetris, Self.empty])
        #expect(server.requests.map(\.target).map { $0.split(separator: "&").last } == ["page=1", "page=2"])
    }

    @Test(arguments: [(33, 34), (34, nil)] as [(Int, Int?)])
    func dropsANextLinkBeyondTheResultCap(page: Int, expected: Int?) async throws {
        let link = "<https://api.github.com/search/repositories?q=x&per_page=30&page=\(page + 1)>; rel=\"next\""
        let result = try await search(
            SearchRequest(query: "x", page: page, perPage: 30),
            answering: .json(Self.emptyPage, headers: [("Link", link)]))
        #expect(result.nextPage == expected)
    }

    // MARK: Refused locally

    @Test(arguments: [(35, 30), (11, 100), (1001, 1)])
    func refusesPagesBeyondTheResultCapWithoutARequest(page: Int, perPage: Int) async throws {
        try await withLocalHTTPServer(answering: .json(Self.emptyPage)) { server in
            await #expect(
                throws: SearchError.validationFailed(message: "Only the first 1000 search results are available")
            ) {
                try await client(server).search(SearchRequest(query: "x", page: page, perPage: perPage))
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test func refusesA257CharacterQueryWithoutARequest() async throws {
        try await withLocalHTTPServer(answering: .json(Self.emptyPage)) { server in
            await #expect(throws: SearchError.queryTooLong(length: 257)) {
                try await client(server).search(SearchRequest(query: String(repeating: "a", count: 257)))
            }
            await #expect(throws: SearchError.validationFailed(message: "the search query is empty")) {
                try await client(server).search(SearchRequest(query: " \n "))
            }
            #expect(server.requests.isEmpty)
            _ = try await client(server).search(SearchRequest(query: " " + String(repeating: "é", count: 256) + " "))
            #expect(server.requests.count == 1)
        }
    }

    // MARK: HTTP errors

    @Test func primaryRateLimitWaitsUntilReset() async throws {
        let response = LocalHTTPServer.Response.json(
            #"{"message": "API rate limit exceeded for 127.0.0.1.", "documentation_url": "https://docs.github.com"}"#,
            status: 403, headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1700000042")])
        await #expect(
            throws: SearchError.rateLimited(retryAfter: 42, message: "API rate limit exceeded for 127.0.0.1.")
        ) {
            try await search(answering: response)
        }
    }

    @Test func primaryRateLimitWithAPastResetWaitsZero() async throws {
        let response = LocalHTTPServer.Response.json(
            "{}", status: 429, headers: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1699999000")])
        await #expect(throws: SearchError.rateLimited(retryAfter: 0, message: nil)) {
            try await search(answering: response)
        }
    }

    @Test func tooManyRequestsUsesRetryAfter() async throws {
        let response = LocalHTTPServer.Response.json(
            #"{"message": "slow down"}"#, status: 429,
            headers: [("Retry-After", "30"), ("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1700000999")])
        await #expect(throws: SearchError.rateLimited(retryAfter: 30, message: "slow down")) {
            try await search(answering: response)
        }
    }

    @Test func secondaryRateLimitWithoutHeadersHasNoWait() async throws {
        let message = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."
        let response = LocalHTTPServer.Response.json(
            #"{"message": "\#(message)"}"#, status: 403, headers: [("x-ratelimit-remaining", "12")])
        await #expect(throws: SearchError.rateLimited(retryAfter: nil, message: message)) {
            try await search(answering: response)
        }
    }

    @Test func otherForbiddenIsAnHTTPStatus() async throws {
        let response = LocalHTTPServer.Response.json(
            #"{"message": "Resource not accessible by integration"}"#, status: 403,
            headers: [("x-ratelimit-remaining", "29")])
        await #expect(throws: SearchError.httpStatus(code: 403, message: "Resource not accessible by integration")) {
            try await search(answering: response)
        }
    }

    @Test func validationFailedUsesTheFirstErrorMessage() async throws {
        let body = """
            {"message": "Validation Failed", "errors": [{"resource": "Search", "field": "q", "code": "missing"},
              {"resource": "Search", "field": "q", "code": "invalid", "message": "The listed users cannot be searched"},
              {"message": "second"}], "documentation_url": "https://docs.github.com/v3/search/"}
            """
        await #expect(throws: SearchError.validationFailed(message: "The listed users cannot be searched")) {
            try await search(answering: .json(body, status: 422))
        }
        await #expect(throws: SearchError.validationFailed(message: "Validation Failed")) {
            try await search(answering: .json(#"{"message": "Validation Failed", "errors": []}"#, status: 422))
        }
    }

    @Test func serverErrorsCarryTheBodyMessageWhenThereIsOne() async throws {
        await #expect(throws: SearchError.httpStatus(code: 500, message: "Server Error")) {
            try await search(answering: .json(#"{"message": "Server Error"}"#, status: 500))
        }
        let html = LocalHTTPServer.Response(status: 503, body: Data("<html>Unicorn!</html>".utf8))
        await #expect(throws: SearchError.httpStatus(code: 503, message: nil)) {
            try await search(answering: html)
        }
    }

    // MARK: Bad bodies

    @Test(arguments: [
        (#"{"total_count": 1, "items": ["#, "not valid JSON"),
        (#"{"total_count": 1}"#, "missing field items"),
        (
            #"{"total_count": 1, "items": [{"id": 1, "name": "a", "full_name": "a/a"}]}"#,
            "missing field items[0].html_url"
        ),
        (#"{"total_count": "many", "items": []}"#, "wrong type at total_count"),
        ("", "empty body"),
    ])
    func undecodableBodiesAreMalformed(body: String, detail: String) async throws {
        await #expect(throws: SearchError.malformedResponse(detail: detail)) {
            try await search(answering: .json(body))
        }
    }

    @Test func invalidUTF8InAStringIsRepaired() async throws {
        var body = Data(#"{"total_count": 1, "items": [{"id": 3, "name": "n", "full_name": "o/n", "#.utf8)
        body += Data(#""html_url": "https://github.com/o/n", "description": "ab"#.utf8)
        body += Data([0xFF, 0xC3])
        body += Data(#"cd", "language": null, "stargazers_count": 5, "updated_at": null}]}"#.utf8)
        let page = try await search(answering: LocalHTTPServer.Response(body: body))
        #expect(page.items.map(\.description) == ["ab\u{FFFD}\u{FFFD}cd"])
        #expect(page.items.map(\.id) == [3])
    }

    @Test func tenMegabyteBodyIsRefusedAsTooLarge() async throws {
        let response = LocalHTTPServer.Response(body: Data(repeating: 0x20, count: 10_485_760))
        await #expect(
            throws: SearchError.malformedResponse(detail: "body too large (10,485,760 bytes, limit 5,242,880)")
        ) {
            try await search(answering: response)
        }
    }

    // MARK: Transport

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        try await withLocalHTTPServer(answering: .json(Self.emptyPage)) { server in
            let client = client(server)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await client.search(SearchRequest(query: "swift"))
            }
            await #expect(throws: SearchError.cancelled) { try await task.value }
            #expect(server.requests.isEmpty)
        }
    }
}
