import Foundation
import Testing

@testable import SearchDemo

@Suite struct CommandLineOptionsTests {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandLineCommand {
        try CommandLineOptions.parse(arguments, environment: environment)
    }

    @Test func defaults() throws {
        #expect(try parse([]) == .run(CommandLineOptions()))
        let options = CommandLineOptions()
        #expect(options.limit == 30)
        #expect(options.debounceMilliseconds == 300)
        #expect(options.apiURL.absoluteString == "https://api.github.com")
        #expect(!options.offline && !options.json && options.query == nil && options.token == nil)
    }

    @Test func everyQueryOption() throws {
        var expected = CommandLineOptions()
        expected.query = "reactive swift"
        expected.limit = 120
        expected.json = true
        expected.verbose = true
        expected.apiURL = URL(string: "http://127.0.0.1:8080/api")!
        expected.token = "secret"
        let command = try parse(
            [
                "--query", "reactive swift", "--limit=120", "--json", "--verbose", "--api-url",
                "http://127.0.0.1:8080/api",
            ],
            environment: ["GITHUB_TOKEN": "secret"])
        #expect(command == .run(expected))
    }

    @Test func everyTerminalUIOption() throws {
        var expected = CommandLineOptions()
        expected.offline = true
        expected.debounceMilliseconds = 0
        #expect(try parse(["--offline", "--debounce", "0"], environment: ["GITHUB_TOKEN": "unused"]) == .run(expected))
        expected = CommandLineOptions()
        expected.debounceMilliseconds = 50
        expected.apiURL = URL(string: "https://ghe.example.com/api/v3")!
        expected.token = "t"
        let command = try parse(
            ["--debounce=50", "--api-url", "https://ghe.example.com/api/v3"], environment: ["GITHUB_TOKEN": "t"])
        #expect(command == .run(expected))
    }

    @Test func helpWinsOverValidOptionsAndVersionStandsAlone() throws {
        #expect(try parse(["--offline", "--help"]) == .help)
        #expect(try parse(["-h"]) == .help)
        #expect(try parse(["--version"]) == .version)
        for option in [
            "--offline", "--query", "--limit", "--json", "--verbose", "--debounce", "--api-url", "--version",
            "--help", "GITHUB_TOKEN",
        ] {
            #expect(CommandLineOptions.helpText.contains(option), "help mentions \(option)")
        }
        #expect(AppVersion.userAgent == "streams-search-demo/\(AppVersion.current)")
    }

    @Test(arguments: [
        (["--bogus"], "unknown option “--bogus” (see --help)"),
        (["swift"], "unexpected argument “swift” (did you mean --query?)"),
        (["--query", "rx", "--offline", "extra"], "unexpected argument “extra”"),
        (["--query"], "--query needs a value"),
        (["--query", "x", "--limit", "0"], "--limit needs a whole number ≥ 1, got “0”"),
        (["--query", "x", "--limit", "ten"], "--limit needs a whole number ≥ 1, got “ten”"),
        (["--debounce", "-5"], "--debounce needs a whole number ≥ 0, got “-5”"),
        (["--offline=yes"], "--offline takes no value"),
    ])
    func mistakesAreReportedInOneLine(arguments: [String], message: String) {
        #expect(throws: CommandLineError(message: message)) { try parse(arguments) }
    }

    /// Every option that would have no effect in the mode the line selects is refused by name.
    @Test(arguments: [
        (["--json"], "--json works only with --query"),
        (["--limit", "5"], "--limit works only with --query"),
        (["--offline", "--verbose"], "--verbose works only with --query"),
        (["--query", "x", "--debounce", "10"], "--debounce has no effect with --query (it paces the terminal UI)"),
        (["--offline", "--api-url", "http://127.0.0.1:1"], "--api-url has no effect with --offline"),
        (["--version", "--offline"], "--offline has no effect with --version"),
    ])
    func optionsWithoutEffectAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: CommandLineError(message: message)) { try parse(arguments) }
    }

    /// Nothing is acted on before the whole line was checked: `--version` or `--help` next to an unknown or
    /// repeated option is an error, and a repeated option never silently keeps the last value.
    @Test(arguments: [
        (["--version", "--bogus"], "unknown option “--bogus” (see --help)"),
        (["--help", "--limit", "x"], "--limit needs a whole number ≥ 1, got “x”"),
        (["--query", "x", "--query", "y"], "--query is given more than once"),
        (["--offline", "--offline"], "--offline is given more than once"),
        (["-h", "--help"], "--help is given more than once"),
    ])
    func theWholeLineIsCheckedFirst(arguments: [String], message: String) {
        #expect(throws: CommandLineError(message: message)) { try parse(arguments) }
    }

    /// URLs are checked before anything is sent: scheme, host, port range, no credentials, no query.
    @Test(arguments: [
        ("ftp://x", "--api-url needs an http or https URL with a host, got “ftp://x”"),
        ("http://", "--api-url needs an http or https URL with a host, got “http://”"),
        ("localhost:8080", "--api-url needs an http or https URL with a host, got “localhost:8080”"),
        ("http://127.0.0.1:99999", "--api-url needs a port between 1 and 65535, got “http://127.0.0.1:99999”"),
        ("http://127.0.0.1:0", "--api-url needs a port between 1 and 65535, got “http://127.0.0.1:0”"),
        ("http://127.0.0.1:", "--api-url needs a port between 1 and 65535, got “http://127.0.0.1:”"),
        ("https://me:pw@example.com", "--api-url needs a URL without a user name, got “https://me:pw@example.com”"),
        (
            "https://example.com/api?x=1",
            "--api-url needs a URL without a query or fragment, got “https://example.com/api?x=1”"
        ),
    ])
    func apiURLsAreValidatedUpFront(url: String, message: String) {
        #expect(throws: CommandLineError(message: message)) { try parse(["--query", "q", "--api-url", url]) }
    }

    /// The token goes over https only, except to this machine; without a token any http URL is fine.
    @Test func aTokenNeedsHTTPSUnlessTheServerIsThisMachine() throws {
        let token = ["GITHUB_TOKEN": "MARKER"]
        for url in ["http://example.com", "http://10.0.0.1:8080/api", "http://127.evil.example"] {
            let message =
                "GITHUB_TOKEN is sent only over https, and --api-url \(url) is plain http "
                + "(use https, or unset GITHUB_TOKEN)"
            #expect(throws: CommandLineError(message: message)) {
                try parse(["--query", "q", "--api-url", url], environment: token)
            }
            #expect(throws: Never.self) { try parse(["--query", "q", "--api-url", url]) }
        }
        for url in ["http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:9", "https://example.com"] {
            guard case .run(let options) = try parse(["--query", "q", "--api-url", url], environment: token) else {
                Issue.record("\(url) was not accepted")
                continue
            }
            #expect(options.token == "MARKER", "\(url)")
        }
    }
}
