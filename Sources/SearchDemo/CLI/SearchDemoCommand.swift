import Foundation

/// The `search-demo` program: parses the arguments and runs `--help`, `--version`, `--query` or the
/// terminal UI. `Sources/SearchDemoMain/main.swift` only calls ``main(arguments:environment:)``.
public enum SearchDemoCommand {
    /// Where the program writes: standard output and standard error (tests capture both).
    struct Output: Sendable {
        /// Writes text to standard output as is.
        var standardOutput: @Sendable (String) -> Void
        /// Writes text to standard error as is.
        var standardError: @Sendable (String) -> Void

        /// The process's standard output and standard error.
        static let process = Output(
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })

        /// Writes `search-demo: <line>` and a line break to standard error, the line made terminal-safe
        /// (``TerminalSafeText/line(_:)``) whatever it quotes.
        func diagnose(_ line: String) {
            standardError("search-demo: \(TerminalSafeText.line(line))\n")
        }
    }

    /// Exit statuses.
    enum ExitStatus {
        /// Success.
        static let success: Int32 = 0
        /// The search failed, or the terminal went away while the UI ran.
        static let failure: Int32 = 1
        /// The command line was wrong, or the terminal UI cannot run here.
        static let usage: Int32 = 2
    }

    /// Runs the program and exits. In terminal-UI mode the UI runs on the main queue under `dispatchMain()`
    /// and the process exits when the user quits.
    public static func main(arguments: [String], environment: [String: String]) -> Never {
        let output = Output.process
        switch prepare(arguments: arguments, environment: environment, output: output) {
        case .exit(let status):
            exit(status)
        case .query(let options, let searching):
            let outcome = QueryMode.runAndWait(options: options, searching: searching)
            exit(report(outcome, options, output))
        case .terminalUI(let options, let searching):
            TerminalApp.run(searching: searching, options: options)
        }
    }

    /// Runs every mode except the terminal UI and returns the exit status; what would be printed goes to
    /// `output`. Waits without blocking a thread. Without `--query` it only checks the terminal.
    static func run(arguments: [String], environment: [String: String], output: Output) async -> Int32 {
        switch prepare(arguments: arguments, environment: environment, output: output) {
        case .exit(let status):
            return status
        case .query(let options, let searching):
            let outcome = await QueryMode.outcome(options: options, searching: searching)
            return report(outcome, options, output)
        case .terminalUI:
            output.diagnose("the terminal UI runs only from the search-demo program itself")
            return ExitStatus.usage
        }
    }

    private enum Plan {
        case exit(Int32)
        case query(CommandLineOptions, any RepositorySearching)
        case terminalUI(CommandLineOptions, any RepositorySearching)
    }

    /// Everything up to running a search: parsing, `--help`, `--version`, checking the query or the terminal,
    /// and loading the backend. Nothing is echoed before the arguments are known to be usable.
    private static func prepare(arguments: [String], environment: [String: String], output: Output) -> Plan {
        let options: CommandLineOptions
        do {
            switch try CommandLineOptions.parse(arguments, environment: environment) {
            case .help:
                output.standardOutput(CommandLineOptions.helpText + "\n")
                return .exit(ExitStatus.success)
            case .version:
                output.standardOutput("search-demo \(AppVersion.current)\n")
                return .exit(ExitStatus.success)
            case .run(let parsed):
                options = parsed
            }
        } catch {
            output.diagnose(error.message)
            return .exit(ExitStatus.usage)
        }
        if let query = options.query {
            if let problem = problem(withQuery: query) {
                output.diagnose(problem)
                return .exit(ExitStatus.usage)
            }
        } else if let problem = TerminalRequirement.problemHere(environment: environment) {
            output.diagnose(problem)
            return .exit(ExitStatus.usage)
        }
        guard let searching = backend(for: options) else {
            output.diagnose("cannot load the offline catalog bundled with the program")
            return .exit(ExitStatus.failure)
        }
        guard let query = options.query else { return .terminalUI(options, searching) }
        let source = options.offline ? "the offline catalog" : options.apiURL.absoluteString
        output.diagnose("searching \(source) for \(Wording.echo(query)) (limit \(Wording.number(options.limit)))")
        if let parsed = try? SearchQuery.parse(SearchQuery.normalize(query)), parsed.usesSyntax {
            output.diagnose("understood: \(parsed.summary)")
        }
        return .query(options, searching)
    }

    /// Why `query` cannot be searched, or `nil`: it must have visible text, fit GitHub's limit and parse
    /// (``SearchQuery/parse(_:)``; the message names the token at fault).
    private static func problem(withQuery query: String) -> String? {
        let normalized = SearchQuery.normalize(query)
        if normalized.isEmpty { return "--query needs a non-empty query" }
        let maximum = GitHubSearchEndpoint.maximumQueryLength
        guard normalized.count <= maximum else {
            return "--query is too long (\(Wording.count(normalized.count, "character", "characters")); "
                + "the limit is \(Wording.number(maximum)))"
        }
        do {
            _ = try SearchQuery.parse(normalized)
            return nil
        } catch {
            return "--query: \(error.message)"
        }
    }

    /// The backend the options select: the bundled catalog or the live client; `nil` when the catalog
    /// cannot be loaded.
    static func backend(for options: CommandLineOptions) -> (any RepositorySearching)? {
        if options.offline { return try? OfflineCatalog.bundled() }
        return GitHubClient(baseURL: options.apiURL, token: options.token, userAgent: AppVersion.userAgent)
    }

    private static func report(_ outcome: QueryOutcome, _ options: CommandLineOptions, _ output: Output) -> Int32 {
        switch outcome {
        case .results(let repositories):
            if options.json {
                output.standardOutput(QueryOutput.json(repositories) + "\n")
            } else {
                output.standardOutput(QueryOutput.lines(repositories).map { $0 + "\n" }.joined())
            }
            output.diagnose(Wording.count(repositories.count, "repository", "repositories"))
            return ExitStatus.success
        case .failed(let failure):
            if options.json { output.standardOutput(QueryOutput.jsonError(failure) + "\n") }
            output.diagnose(failure.message)
            if options.verbose, let detail = failure.detail { output.diagnose("detail: \(detail)") }
            return ExitStatus.failure
        }
    }
}
