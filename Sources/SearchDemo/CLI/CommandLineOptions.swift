import Foundation

/// What the command line asked for. Parsed by ``CommandLineOptions/parse(_:environment:)``.
public struct CommandLineOptions: Sendable, Equatable {
    /// Search the bundled catalog instead of the live API.
    public var offline = false
    /// Run one search without the terminal UI and print the results (`--query Q`).
    public var query: String?
    /// How many results `--query` prints at most.
    public var limit = 30
    /// Print `--query` results as a JSON array instead of tab-separated lines.
    public var json = false
    /// Milliseconds of typing pause before a search starts.
    public var debounceMilliseconds = 300
    /// The API root of the live client.
    public var apiURL = GitHubClient.defaultBaseURL
    /// The token sent as `Authorization: Bearer` (from `GITHUB_TOKEN`).
    public var token: String?

    /// The default options.
    public init() {}
}

/// What the program should do after parsing its arguments.
public enum CommandLineCommand: Sendable, Equatable {
    /// Run the app (terminal UI, or `--query` mode).
    case run(CommandLineOptions)
    /// Print ``CommandLineOptions/helpText`` and exit 0.
    case help
    /// Print ``AppVersion/current`` and exit 0.
    case version
}

/// A command-line mistake; `message` is one line for standard error (the program exits with 2).
public struct CommandLineError: Error, Sendable, Equatable {
    /// What is wrong, e.g. "unknown option --foo".
    public let message: String
}

extension CommandLineOptions {
    /// The `--help` text: every option, the environment variable and the exit statuses.
    public static let helpText = """
        search-demo \(AppVersion.current): incremental GitHub repository search in the terminal

        Usage:
          search-demo [--offline] [--debounce MS] [--api-url URL]
          search-demo --query Q [--offline] [--limit N] [--json] [--api-url URL]

        Options:
          --offline        Search the bundled catalog of public repositories (no network).
          --query Q        Search once for Q without the terminal UI; print one repository per line as
                           full_name<TAB>stars<TAB>language<TAB>description.
          --limit N        With --query: print at most N results, loading pages as needed (default 30;
                           the search API stops at 1,000).
          --json           With --query: print a JSON array of objects with full_name, html_url,
                           description, language and stargazers_count.
          --debounce MS    Wait MS milliseconds after the last keystroke before searching (default 300).
          --api-url URL    Base URL of the GitHub REST API (default https://api.github.com).
          --version        Print the version and exit.
          -h, --help       Print this help and exit.

        Environment:
          GITHUB_TOKEN     Sent as a bearer token (raises the search rate limit).

        Keys (terminal UI):
          typing           edit the search line (Backspace deletes a character, Ctrl-U clears it)
          ↑ ↓ PgUp PgDn    move the selection (Home / End: first / last loaded row)
          Enter            show the selected repository's details (Esc goes back)
          o                open the repository in the browser (or print its URL)
          Ctrl-C           quit

        Exit status: 0 on success, 1 when a --query search fails, 2 on a usage error.
        """

    /// Parses `arguments` (without the program name).
    ///
    /// Accepts `--name value` and `--name=value`. `GITHUB_TOKEN` from `environment` becomes ``token``.
    public static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(CommandLineError) -> CommandLineCommand {
        var options = CommandLineOptions()
        if let token = environment["GITHUB_TOKEN"], !token.isEmpty { options.token = token }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            func value() throws(CommandLineError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw CommandLineError(message: "\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--offline": options.offline = try flag(name, inlineValue)
            case "--json": options.json = try flag(name, inlineValue)
            case "--query": options.query = try value()
            case "--limit": options.limit = try number(name, try value(), minimum: 1)
            case "--debounce": options.debounceMilliseconds = try number(name, try value(), minimum: 0)
            case "--api-url": options.apiURL = try url(try value())
            default:
                if name.hasPrefix("-") { throw CommandLineError(message: "unknown option \(name) (see --help)") }
                throw CommandLineError(message: "unexpected argument \"\(argument)\" (did you mean --query?)")
            }
        }
        if options.query == nil, options.json {
            throw CommandLineError(message: "--json needs --query")
        }
        return .run(options)
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func flag(_ name: String, _ inlineValue: String?) throws(CommandLineError) -> Bool {
        if inlineValue != nil { throw CommandLineError(message: "\(name) takes no value") }
        return true
    }

    private static func number(_ name: String, _ text: String, minimum: Int) throws(CommandLineError) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw CommandLineError(message: "\(name) needs a whole number ≥ \(minimum), got \"\(text)\"")
        }
        return value
    }

    private static func url(_ text: String) throws(CommandLineError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else { throw CommandLineError(message: "--api-url needs an http(s) URL, got \"\(text)\"") }
        return url
    }
}
