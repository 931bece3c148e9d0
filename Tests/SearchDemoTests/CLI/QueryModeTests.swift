import Foundation
import Testing

@testable import SearchDemo

/// `search-demo --query …` end to end, in process: arguments → the real controller and model →
/// the live client against a local HTTP server (or the offline catalog) → stdout, stderr, status.
@Suite struct QueryModeTests {
    private func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String, String) {
        let result = await runSearchDemo(arguments, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    private static func item(_ id: Int, language: String? = "Swift", description: String?? = .none) -> String {
        let language = language.map { "\"\($0)\"" } ?? "null"
        let description = (description ?? "d\(id)").map { "\"\($0)\"" } ?? "null"
        return """
            {"id": \(id), "name": "r\(id)", "full_name": "o/r\(id)", "html_url": "https://github.com/o/r\(id)",
             "description": \(description), "language": \(language), "stargazers_count": \(id * 100),
             "updated_at": "2024-01-01T00:00:00Z"}
            """
    }

    private static func page(_ ids: ClosedRange<Int>, total: Int) -> String {
        #"{"total_count": \#(total), "incomplete_results": false, "items": [\#(ids.map { item($0) }.joined(separator: ","))]}"#
    }

    @Test func printsTabSeparatedLinesFromTheLiveClient() async throws {
        try await withLocalHTTPServer(
            answering: .json(
                #"{"total_count": 2, "incomplete_results": false, "items": [\#(Self.item(1)), \#(Self.item(2, language: nil, description: .some(nil)))]}"#
            )
        ) { server in
            let (status, stdout, stderr) = await run(
                ["--query", "swift", "--api-url", server.baseURL.absoluteString], environment: ["GITHUB_TOKEN": "t0k"])
            #expect(status == 0)
            #expect(stdout == "o/r1\t100\tSwift\td1\no/r2\t200\t\t\n")
            #expect(stderr.hasSuffix("search-demo: 2 repositories\n"))
            let request = try #require(server.requests.first)
            #expect(request.target == "/search/repositories?q=swift&per_page=30&page=1")
            #expect(request.header("User-Agent") == "streams-search-demo/\(AppVersion.current)")
            #expect(request.header("Authorization") == "Bearer t0k")
        }
    }

    @Test func limitLoadsFollowingPagesThroughTheController() async throws {
        let server = try LocalHTTPServer { request in
            let next = "<http://127.0.0.1/search/repositories?q=x&per_page=3&page=2>; rel=\"next\""
            return request.target.hasSuffix("page=1")
                ? .json(Self.page(1...3, total: 9), headers: [("Link", next)])
                : .json(Self.page(3...5, total: 9))
        }
        defer { server.shutdown() }
        do {
            let (status, stdout, _) = await run([
                "--query", "x", "--limit", "4", "--api-url", server.baseURL.absoluteString,
            ])
            #expect(status == 0)
            #expect(
                stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["o/r1", "o/r2", "o/r3", "o/r4"])
            #expect(
                server.requests.map(\.target) == [
                    "/search/repositories?q=x&per_page=4&page=1", "/search/repositories?q=x&per_page=4&page=2",
                ])
        }
    }

    @Test func jsonUsesGitHubFieldNamesWithNulls() async throws {
        try await withLocalHTTPServer(
            answering: .json(
                #"{"total_count": 1, "incomplete_results": false, "items": [\#(Self.item(7, language: nil))]}"#
            )
        ) { server in
            let (status, stdout, _) = await run(["--query", "q", "--json", "--api-url", server.baseURL.absoluteString])
            #expect(status == 0)
            let decoded = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]]
            let object = try #require(decoded?.first)
            #expect(decoded?.count == 1)
            #expect(object["full_name"] as? String == "o/r7")
            #expect(object["html_url"] as? String == "https://github.com/o/r7")
            #expect(object["description"] as? String == "d7")
            #expect(object["language"] is NSNull)
            #expect(object["stargazers_count"] as? Int == 700)
        }
    }

    @Test func rateLimitOnALaterPageAlsoFailsAtOnce() async throws {
        let server = try LocalHTTPServer { request in
            let next = "<http://127.0.0.1/search/repositories?q=x&per_page=2&page=2>; rel=\"next\""
            return request.target.hasSuffix("page=1")
                ? .json(Self.page(1...2, total: 9), headers: [("Link", next)])
                : .json(#"{"message": "secondary rate limit"}"#, status: 429, headers: [("retry-after", "30")])
        }
        defer { server.shutdown() }
        let (status, stdout, stderr) = await run([
            "--query", "x", "--limit", "4", "--api-url", server.baseURL.absoluteString,
        ])
        #expect(status == 1)
        #expect(stdout == "")
        #expect(stderr.hasSuffix("search-demo: rate limited — retry in 30 s\n"))
        #expect(server.requests.count == 2)
    }

    @Test func otherFailuresExitNonZero() async throws {
        try await withLocalHTTPServer(
            answering: .json(
                #"{"message": "Validation Failed", "errors": [{"message": "bad q"}]}"#, status: 422
            )
        ) { server in
            let (status, _, stderr) = await run(["--query", "q", "--api-url", server.baseURL.absoluteString])
            #expect(status == 1)
            #expect(stderr.hasSuffix("search-demo: validation failed: bad q\n"))
        }
        try await LocalHTTPServer.withRefusingPort { port in
            let (status, _, stderr) = await run(["--query", "q", "--api-url", "http://127.0.0.1:\(port)"])
            #expect(status == 1)
            #expect(
                stderr.split(separator: "\n").last
                    == "search-demo: cannot connect to 127.0.0.1:\(port) (connection refused)")
        }
    }

    @Test func offlineCatalog() async {
        let (status, stdout, _) = await run(["--query", "RxSwift", "--offline", "--limit", "1"])
        #expect(status == 0)
        #expect(stdout.hasPrefix("ReactiveX/RxSwift\t"))
        #expect(stdout.split(separator: "\n").count == 1)
        let (japanese, lines, _) = await run(["--query", "研修", "--offline"])
        #expect(japanese == 0)
        #expect(lines.contains("hatena/Hatena-Textbook\t"))
        let (many, manyLines, _) = await run(["--query", "a", "--offline", "--limit", "250"])
        #expect(many == 0)
        #expect(manyLines.split(separator: "\n").count == 250)
        let (none, noLines, _) = await run(["--query", "zzzqqqxxx", "--offline"])
        #expect(none == 0 && noLines == "")
    }

    @Test func usageErrorsExitWithTwo() async {
        #expect(await run(["--limit", "x"]).0 == 2)
        #expect(await run(["--query", "  "]).0 == 2)
        let (status, stdout, _) = await run(["--version"])
        #expect(status == 0 && stdout == "search-demo \(AppVersion.current)\n")
    }
}
