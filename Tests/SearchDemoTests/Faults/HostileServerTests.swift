import Foundation
import Testing

@testable import SearchDemo

/// The demo against a stand-in for the GitHub API that answers with what any public repository's name or
/// description can carry (escape sequences, C1 controls, bidi overrides), that redirects to another origin,
/// and that echoes the token back; every server records the headers it receives.
@Suite struct HostileServerTests {
    /// A token made of a recognisable marker: it must never show up anywhere but in the right header.
    static let token = "MARKER-ghp-5ecret-0123456789"

    /// OSC 52 (write the clipboard), OSC 0 (window title), erase screen, SGR colour, C1 CSI, DEL, a bidi
    /// override and an isolate.
    static let hostile =
        "clip\u{1B}]52;c;cGF5bG9hZA==\u{07} title\u{1B}]0;pwned\u{07} \u{1B}[2J\u{1B}[31mred"
        + "\u{9B}0m \u{7F}\u{202E}gnp.exe\u{2066}x\u{2069}"
    /// ``hostile`` as the terminal-safe text shows it.
    static let neutralised = "clip�]52;c;cGF5bG9hZA==� title�]0;pwned� �[2J�[31mred�0m ��gnp.exe�x�"

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        [0x00...0x08, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069].contains { $0.contains(scalar.value) }
    }

    private static func hostileBody() throws -> String {
        try searchResponseBody([
            searchItem(id: 1, fullName: "evil/\u{1B}[2Jname", description: hostile, language: "\u{1B}[5mC\u{9D}"),
            searchItem(id: 2, fullName: "fine/repo", description: "tabs\tand\nlines", language: nil),
        ])
    }

    // MARK: Terminal-safe output

    /// `--query` lines: every field made terminal-safe, nothing a terminal would act on reaches it.
    @Test func queryLinesNeutraliseEscapesControlsAndBidiOverrides() async throws {
        try await withLocalHTTPServer(answering: .json(try Self.hostileBody())) { server in
            let result = await runSearchDemo(["--query", "q", "--api-url", server.baseURL.absoluteString])
            #expect(result.status == 0)
            #expect(result.stdout == "evil/�[2Jname\t1\t�[5mC�\t\(Self.neutralised)\nfine/repo\t1\t\ttabs and lines\n")
            #expect(!result.stdout.unicodeScalars.contains(where: Self.isUnsafe))
            #expect(!result.stderr.unicodeScalars.contains(where: Self.isUnsafe))
        }
    }

    /// `--json` stays exact: the original strings round-trip, JSON escapes the controls itself.
    @Test func jsonStaysExact() async throws {
        try await withLocalHTTPServer(answering: .json(try Self.hostileBody())) { server in
            let result = await runSearchDemo(["--query", "q", "--json", "--api-url", server.baseURL.absoluteString])
            #expect(result.status == 0)
            #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" })
            let items = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(items.map { $0["description"] as? String } == [Self.hostile, "tabs\tand\nlines"])
            #expect(items.first?["full_name"] as? String == "evil/\u{1B}[2Jname")
            #expect(items.first?["language"] as? String == "\u{1B}[5mC\u{9D}")
        }
    }

    /// A server's error message is status text: terminal-safe on standard error too.
    @Test func errorMessagesFromTheServerAreTerminalSafe() async throws {
        let body = try JSONSerialization.data(withJSONObject: ["message": "bad \u{1B}]0;pwned\u{07}\u{202E}thing"])
        try await withLocalHTTPServer(
            answering: LocalHTTPServer.Response(
                status: 500, headers: [("content-type", "application/json")], body: body)
        ) { server in
            let result = await runSearchDemo(["--query", "q", "--api-url", server.baseURL.absoluteString])
            #expect(result.status == 1)
            #expect(result.stderrLines.last == "search-demo: HTTP 500: bad �]0;pwned��thing")
        }
    }

    // MARK: Where the token goes

    /// A 302 from 127.0.0.1:A to localhost:B (another origin) is followed without the token; the token went
    /// to A only. A redirect within A's origin keeps it.
    @Test func theTokenStaysWithTheAPIsOrigin() async throws {
        let other = try LocalHTTPServer { _ in .json(#"{"total_count": 0, "incomplete_results": false, "items": []}"#) }
        defer { other.shutdown() }
        let api = try LocalHTTPServer { request in
            if request.target.hasPrefix("/search/") {
                return LocalHTTPServer.Response(status: 302, headers: [("Location", "/moved/search")])
            }
            return LocalHTTPServer.Response(status: 302, headers: [("Location", "http://localhost:\(other.port)/s")])
        }
        defer { api.shutdown() }
        let result = await runSearchDemo(
            ["--query", "q", "--api-url", api.baseURL.absoluteString], environment: ["GITHUB_TOKEN": Self.token])
        #expect(result.status == 0)
        #expect(api.requests.map(\.target) == ["/search/repositories?q=q&per_page=30&page=1", "/moved/search"])
        #expect(api.requests.map { $0.header("Authorization") } == ["Bearer \(Self.token)", "Bearer \(Self.token)"])
        #expect(other.requests.map(\.target) == ["/s"])
        #expect(other.requests.first?.header("Host") == "localhost:\(other.port)")
        #expect(other.requests.first?.header("Authorization") == nil)
    }

    /// A token with a plain-HTTP API on another machine is a usage error naming the reason; nothing is sent.
    @Test func aTokenIsNeverSentOverPlainHTTPToAnotherMachine() async {
        let result = await runSearchDemo(
            ["--query", "q", "--api-url", "http://api.example.invalid"], environment: ["GITHUB_TOKEN": Self.token])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "search-demo: GITHUB_TOKEN is sent only over https, and --api-url http://api.example.invalid is "
                + "plain http (use https, or unset GITHUB_TOKEN)\n")
    }

    /// Servers that echo the `Authorization` header back in every kind of error: the token appears in no
    /// output, no message, no `--verbose` detail and no `--json` error object.
    @Test(arguments: [401, 403, 422, 429, 500])
    func theTokenNeverAppearsInAnyOutput(status: Int) async throws {
        let server = try LocalHTTPServer { request in
            let echoed = request.header("Authorization") ?? "none"
            let body = #"{"message": "rate limit: \#(echoed)", "errors": [{"message": "\#(echoed)"}]}"#
            return .json(body, status: status, headers: status == 429 ? [("retry-after", "30")] : [])
        }
        defer { server.shutdown() }
        let url = server.baseURL.absoluteString
        for extra in [[], ["--verbose"], ["--json", "--verbose"]] {
            let result = await runSearchDemo(
                ["--query", "q", "--api-url", url] + extra, environment: ["GITHUB_TOKEN": Self.token])
            #expect(result.status == 1)
            #expect(!result.stdout.contains("MARKER") && !result.stderr.contains("MARKER"), "\(result)")
        }
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer \(Self.token)" })
    }
}
