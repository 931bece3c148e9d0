import Foundation
import Testing

@testable import SearchDemo

/// The program's modes as a user meets them, in process: what is checked before anything is echoed or sent,
/// how queries are echoed, and how failures read on standard error, with `--verbose` and with `--json`.
@Suite struct SearchDemoCommandTests {
    /// A 20,000-character query is refused as a usage error before it is echoed, in one line.
    @Test func aLongQueryIsRefusedBeforeItIsEchoed() async {
        let result = await runSearchDemo(["--query", String(repeating: "a", count: 20_000), "--offline"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "search-demo: --query is too long (20,000 characters; the limit is 256)\n")
    }

    /// A query within the limit but longer than a line is echoed shortened, and made terminal-safe.
    @Test func aLongQueryIsEchoedShortened() async {
        let query = String(repeating: "b", count: 200)
        let result = await runSearchDemo(["--query", query, "--offline", "--limit", "1"])
        #expect(result.status == 0)
        let echo = "search-demo: searching the offline catalog for “\(String(repeating: "b", count: 59))…” (limit 1)"
        #expect(result.stderrLines == [echo, "search-demo: 0 repositories"])
    }

    /// Counts agree with their noun: "1 repository", "2 repositories".
    @Test func theSummaryCountsInWords() async {
        let one = await runSearchDemo(["--query", "RxSwift", "--offline", "--limit", "1"])
        #expect(one.stderrLines.last == "search-demo: 1 repository")
        let two = await runSearchDemo(["--query", "RxSwift", "--offline", "--limit", "2"])
        #expect(two.stderrLines.last == "search-demo: 2 repositories")
    }

    /// Usage errors are exit status 2 and one line, and nothing is searched: an out-of-range port, an option
    /// without effect, a repeated option.
    @Test(arguments: [
        (
            ["--query", "q", "--api-url", "http://127.0.0.1:99999"],
            "--api-url needs a port between 1 and 65535, got “http://127.0.0.1:99999”"
        ),
        (
            ["--query", "q", "--offline", "--debounce", "5"],
            "--debounce has no effect with --query (it paces the terminal UI)"
        ),
        (["--query", "q", "--query", "r", "--offline"], "--query is given more than once"),
        (["--version", "--bogus"], "unknown option “--bogus” (see --help)"),
        (["--query", "swift stars:>>1", "--offline"], "--query: “stars:>>1”: “>1” is not a number"),
        (
            ["--query", "q", "--offline", "--order", "asc"],
            "--order needs --sort stars or --sort updated (best match has no order)"
        ),
        (["--offline", "--sort", "stars"], "--sort works only with --query"),
        (
            ["--query", "q", "--offline", "--sort", "best"],
            "--sort needs one of best-match, stars, updated, got “best”"
        ),
    ])
    func usageErrorsAreOneLineAndExitTwo(arguments: [String], message: String) async {
        let result = await runSearchDemo(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "search-demo: \(message)\n")
    }

    /// `https://` against a plain-HTTP server: one plain sentence; `--verbose` adds the system's words on a
    /// second line; `--json` prints the error object on standard output.
    @Test func aTransportErrorIsOnePlainSentenceWithTheDetailOnRequest() async throws {
        try await withLocalHTTPServer(answering: .json("{}")) { server in
            let url = "https://127.0.0.1:\(server.port)"
            let message = "search-demo: a secure (HTTPS) connection to 127.0.0.1:\(server.port) failed"

            let plain = await runSearchDemo(["--query", "q", "--api-url", url])
            #expect(plain.status == 1)
            #expect(plain.stdout == "")
            #expect(plain.stderrLines.dropFirst() == [message])

            let verbose = await runSearchDemo(["--query", "q", "--api-url", url, "--verbose"])
            #expect(verbose.stderrLines.count == 3)
            #expect(verbose.stderrLines.dropFirst().first == message)
            let detail = try #require(verbose.stderrLines.last)
            #expect(detail.hasPrefix("search-demo: detail: ") && detail.contains("SSL"), "\(detail)")

            let json = await runSearchDemo(["--query", "q", "--api-url", url, "--json"])
            #expect(json.status == 1)
            let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let error = try #require(object?["error"] as? [String: Any])
            #expect(error["message"] as? String == "a secure (HTTPS) connection to 127.0.0.1:\(server.port) failed")
            #expect((error["detail"] as? String)?.contains("SSL") == true)
            #expect(json.stderrLines.dropFirst() == [message])
        }
    }

    /// A failure without a system detail still gives a well-formed error object, with `"detail": null`.
    @Test func theJSONErrorObjectHasANullDetailWhenThereIsNone() async throws {
        try await withLocalHTTPServer(answering: .json(#"{"message": "Server Error"}"#, status: 500)) { server in
            let result = await runSearchDemo(["--query", "q", "--json", "--api-url", server.baseURL.absoluteString])
            #expect(result.status == 1)
            #expect(
                result.stdout == """
                    {
                      "error" : {
                        "detail" : null,
                        "message" : "HTTP 500: Server Error"
                      }
                    }

                    """)
        }
    }

    /// The done-when check: a malformed qualifier is a usage error naming it, before anything is echoed or sent,
    /// live as well as offline.
    @Test func aMalformedQualifierIsAUsageErrorNamingIt() async throws {
        try await withLocalHTTPServer(answering: .json("{}")) { server in
            let live = await runSearchDemo(["--query", "stars:>>1", "--api-url", server.baseURL.absoluteString])
            #expect(live.status == 2)
            #expect(live.stdout == "")
            #expect(live.stderr == "search-demo: --query: “stars:>>1”: “>1” is not a number\n")
            #expect(server.requests.isEmpty)
        }
    }

    /// Offline, the catalog answers the syntax; what was understood is echoed; `--sort` orders.
    @Test func offlineQualifiersAndSorts() async throws {
        let result = await runSearchDemo([
            "--query", "language:swift stars:>20000", "--offline", "--json", "--limit", "100",
        ])
        #expect(result.status == 0)
        #expect(
            result.stderrLines == [
                "search-demo: searching the offline catalog for “language:swift stars:>20000” (limit 100)",
                "search-demo: understood: language swift · stars ≥ 20,001",
                "search-demo: 14 repositories",
            ])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(
            items.allSatisfy { $0["language"] as? String == "Swift" && ($0["stargazers_count"] as? Int ?? 0) > 20_000 })

        let byStars = await runSearchDemo([
            "--query", "language:swift", "--offline", "--sort", "stars", "--order", "asc", "--limit", "200",
        ])
        let stars = byStars.stdout.split(separator: "\n").map { Int($0.split(separator: "\t")[1])! }
        #expect(stars.count == 200 && stars == stars.sorted())
    }

    /// Live, the qualifiers stay in `q` and the sort is GitHub's `sort=stars&order=desc`.
    @Test func liveSortIsSentAsParameters() async throws {
        let body = try searchResponseBody([searchItem(id: 1, fullName: "o/r", description: nil, language: "Swift")])
        try await withLocalHTTPServer(answering: .json(body)) { server in
            let result = await runSearchDemo([
                "--query", "language:swift stars:>100", "--sort", "stars", "--api-url", server.baseURL.absoluteString,
            ])
            #expect(result.status == 0)
            #expect(
                server.requests.map(\.target) == [
                    "/search/repositories?q=language%3Aswift%20stars%3A%3E100&sort=stars&order=desc&per_page=30&page=1"
                ])
        }
    }
}
