import Foundation

/// The `search-demo` program: parses the arguments and runs `--help`, `--version`, `--query` or the
/// terminal UI. `Sources/SearchDemoMain/main.swift` only calls ``main(arguments:environment:)``.
public enum SearchDemoCommand {
    /// Where the program writes: standard output and standard error (tests capture both).
    public struct Output: Sendable {
        /// Writes text to standard output as is.
        public var standardOutput: @Sendable (String) -> Void
        /// Writes text to standard error as is.
        public var standardError: @Sendable (String) -> Void

        /// An output with the given writers.
        public init(
            standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
        ) {
            self.standardOutput = standardOutput
            self.standardError = standardError
        }

        /// The process's standard output and standard error.
        public static let process = Output(
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Exit statuses.
    public enum ExitStatus {
        /// Success.
        public static let success: Int32 = 0
        /// A `--query` search failed, or the terminal could not be used.
        public static let failure: Int32 = 1
        /// The command line was wrong.
        public static let usage: Int32 = 2
    }

    /// Runs the program. In terminal-UI mode this never returns: the UI runs on the main queue under
    /// `dispatchMain()` and the process exits when the user quits.
    public static func main(arguments: [String], environment: [String: String]) -> Never {
        let options: CommandLineOptions
        switch parseOrReport(arguments: arguments, environment: environment, output: .process) {
        case .exit(let status): exit(status)
        case .run(let parsed): options = parsed
        }
        if let query = options.query {
            let output = Output.process
            switch prepareQuery(query, options: options, output: output) {
            case .exit(let status): exit(status)
            case .run(let searching):
                exit(
                    report(
                        QueryMode.runAndWait(query: query, limit: options.limit, searching: searching), options, output)
                )
            }
        }
        do {
            let searching = try backend(for: options)
            TerminalApp.run(searching: searching, options: options)
        } catch {
            Output.process.standardError("search-demo: \(error)\n")
            exit(ExitStatus.failure)
        }
    }

    /// Runs every mode except the terminal UI (which ``main(arguments:environment:)`` starts) and
    /// returns the exit status; what would be printed goes to `output`. Waits without blocking a thread.
    public static func run(arguments: [String], environment: [String: String], output: Output) async -> Int32 {
        switch parseOrReport(arguments: arguments, environment: environment, output: output) {
        case .exit(let status): return status
        case .run(let options):
            guard let query = options.query else {
                output.standardError("search-demo: the terminal UI starts only from `main`; pass --query\n")
                return ExitStatus.usage
            }
            switch prepareQuery(query, options: options, output: output) {
            case .exit(let status): return status
            case .run(let searching):
                let outcome = await QueryMode.outcome(query: query, limit: options.limit, searching: searching)
                return report(outcome, options, output)
            }
        }
    }

    private enum Parsed {
        case exit(Int32)
        case run(CommandLineOptions)
    }

    private static func parseOrReport(arguments: [String], environment: [String: String], output: Output) -> Parsed {
        do {
            switch try CommandLineOptions.parse(arguments, environment: environment) {
            case .help:
                output.standardOutput(CommandLineOptions.helpText + "\n")
                return .exit(ExitStatus.success)
            case .version:
                output.standardOutput("search-demo \(AppVersion.current)\n")
                return .exit(ExitStatus.success)
            case .run(let options):
                return .run(options)
            }
        } catch {
            output.standardError("search-demo: \(error.message)\n")
            return .exit(ExitStatus.usage)
        }
    }

    /// The backend the options select: the bundled catalog or the live client.
    static func backend(for options: CommandLineOptions) throws -> any RepositorySearching {
        if options.offline { return try OfflineCatalog.bundled() }
        return GitHubClient(baseURL: options.apiURL, token: options.token, userAgent: AppVersion.userAgent)
    }

    private enum Prepared {
        case exit(Int32)
        case run(any RepositorySearching)
    }

    private static func prepareQuery(_ query: String, options: CommandLineOptions, output: Output) -> Prepared {
        guard !SearchQuery.normalize(query).isEmpty else {
            output.standardError("search-demo: --query needs a non-empty query\n")
            return .exit(ExitStatus.usage)
        }
        let searching: any RepositorySearching
        do {
            searching = try backend(for: options)
        } catch {
            output.standardError("search-demo: cannot load the offline catalog: \(error)\n")
            return .exit(ExitStatus.failure)
        }
        let source = options.offline ? "offline catalog" : options.apiURL.absoluteString
        output.standardError("search-demo: searching \(source) for \"\(query)\" (limit \(options.limit))\n")
        return .run(searching)
    }

    private static func report(_ outcome: QueryOutcome, _ options: CommandLineOptions, _ output: Output) -> Int32 {
        switch outcome {
        case .results(let repositories):
            if options.json {
                output.standardOutput(QueryOutput.json(repositories) + "\n")
            } else {
                output.standardOutput(QueryOutput.lines(repositories).map { $0 + "\n" }.joined())
            }
            output.standardError("search-demo: \(repositories.count) repositories\n")
            return ExitStatus.success
        case .failed(let reason):
            output.standardError("search-demo: \(reason)\n")
            return ExitStatus.failure
        }
    }
}
