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

    @Test func everyOption() throws {
        var expected = CommandLineOptions()
        expected.offline = true
        expected.query = "reactive swift"
        expected.limit = 120
        expected.json = true
        expected.debounceMilliseconds = 0
        expected.apiURL = URL(string: "http://127.0.0.1:8080/api")!
        expected.token = "secret"
        let command = try parse(
            [
                "--offline", "--query", "reactive swift", "--limit=120", "--json", "--debounce", "0", "--api-url",
                "http://127.0.0.1:8080/api",
            ],
            environment: ["GITHUB_TOKEN": "secret"])
        #expect(command == .run(expected))
    }

    @Test func helpAndVersion() throws {
        #expect(try parse(["--offline", "--help"]) == .help)
        #expect(try parse(["-h"]) == .help)
        #expect(try parse(["--version"]) == .version)
        for option in [
            "--offline", "--query", "--limit", "--json", "--debounce", "--api-url", "--version", "--help",
            "GITHUB_TOKEN",
        ] {
            #expect(CommandLineOptions.helpText.contains(option), "help mentions \(option)")
        }
        #expect(AppVersion.userAgent == "streams-search-demo/\(AppVersion.current)")
    }

    @Test func mistakesAreReportedInOneLine() {
        let cases: [([String], String)] = [
            (["--bogus"], "unknown option --bogus (see --help)"),
            (["swift"], "unexpected argument \"swift\" (did you mean --query?)"),
            (["--query"], "--query needs a value"),
            (["--limit", "0"], "--limit needs a whole number ≥ 1, got \"0\""),
            (["--limit", "ten"], "--limit needs a whole number ≥ 1, got \"ten\""),
            (["--debounce", "-5"], "--debounce needs a whole number ≥ 0, got \"-5\""),
            (["--api-url", "ftp://x"], "--api-url needs an http(s) URL, got \"ftp://x\""),
            (["--offline=yes"], "--offline takes no value"),
            (["--json"], "--json needs --query"),
        ]
        for (arguments, message) in cases {
            #expect(throws: CommandLineError(message: message)) { try parse(arguments) }
        }
    }
}
