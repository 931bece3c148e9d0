import Foundation

/// What the command line asked for. Parsed by ``CommandLineOptions/parse(_:environment:)``.
struct CommandLineOptions: Sendable, Equatable {
    /// Search the bundled catalog instead of the live API.
    var offline = false
    /// Run one search without the terminal UI and print the results (`--query Q`).
    var query: String?
    /// How many results `--query` prints at most.
    var limit = 30
    /// Print `--query` results as a JSON array instead of tab-separated lines.
    var json = false
    /// With `--query`: add the system's detail to a failure's one-line message.
    var verbose = false
    /// With `--query`: how results are ordered (`--sort`).
    var sort = SearchSort.bestMatch
    /// With `--query`: the direction of ``sort`` (`--order`).
    var order = SearchOrder.descending
    /// Milliseconds of typing pause before a search starts.
    var debounceMilliseconds = 300
    /// The API root of the live client.
    var apiURL = GitHubClient.defaultBaseURL
    /// The token sent as `Authorization: Bearer` (from `GITHUB_TOKEN`).
    var token: String?
    /// Terminal UI: underline the query's words in the results (off when `NO_COLOR` is set or `TERM=dumb`).
    var highlightsMatches = true

    /// The default options.
    init() {}
}

/// What the program should do after parsing its arguments.
enum CommandLineCommand: Sendable, Equatable {
    /// Run the app (terminal UI, or `--query` mode).
    case run(CommandLineOptions)
    /// Print ``CommandLineOptions/helpText`` and exit 0.
    case help
    /// Print ``AppVersion/current`` and exit 0.
    case version
}

/// A command-line mistake; `message` is one line for standard error (the program exits with 2).
struct CommandLineError: Error, Sendable, Equatable {
    /// What is wrong, naming the option, e.g. "unknown option --foo (see --help)".
    let message: String
}

extension CommandLineOptions {
    /// Options that only `--query` uses, and the one only the terminal UI uses.
    private static let queryOnly = ["--limit", "--json", "--verbose", "--sort", "--order"]

    /// Parses `arguments` (without the program name) and checks them as a whole.
    ///
    /// Accepts `--name value` and `--name=value`. Every argument is checked before anything runs: an unknown
    /// option, a malformed value or a repeated option is an error even next to `--help`. `--help` then prints
    /// the help whatever else is given; every other option that would have no effect in the mode the line
    /// selects is an error naming it (`--version` with anything, `--limit`, `--json`, `--verbose`, `--sort` or
    /// `--order` without `--query`, `--order` without a `--sort` other than best match, `--debounce` with
    /// `--query`, `--api-url` with `--offline`). `GITHUB_TOKEN` from `environment`
    /// becomes ``token``; with the live API it needs an https `--api-url` (or a loopback one, see
    /// ``TokenScope``).
    static func parse(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(CommandLineError) -> CommandLineCommand {
        var options = CommandLineOptions()
        var given: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (written, inlineValue) = split(argument)
            let name = written == "-h" ? "--help" : written
            func value() throws(CommandLineError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw CommandLineError(message: "\(name) needs a value") }
                return next
            }
            guard name.hasPrefix("-") else {
                // A stray word is usually a query typed without --query; once --query was given, it is not.
                let hint = given.contains("--query") ? "" : " (did you mean --query?)"
                throw CommandLineError(message: "unexpected argument \(Wording.echo(argument))\(hint)")
            }
            switch name {
            case "--help", "--version": try flag(name, inlineValue)
            case "--offline": options.offline = try flag(name, inlineValue)
            case "--json": options.json = try flag(name, inlineValue)
            case "--verbose": options.verbose = try flag(name, inlineValue)
            case "--query": options.query = try value()
            case "--limit": options.limit = try number(name, try value(), minimum: 1)
            case "--sort": options.sort = try choice(name, try value(), from: SearchSort.self)
            case "--order": options.order = try choice(name, try value(), from: SearchOrder.self)
            case "--debounce": options.debounceMilliseconds = try number(name, try value(), minimum: 0)
            case "--api-url": options.apiURL = try url(try value())
            default: throw CommandLineError(message: "unknown option \(Wording.echo(written)) (see --help)")
            }
            guard !given.contains(name) else { throw CommandLineError(message: "\(name) is given more than once") }
            given.append(name)
        }
        if given.contains("--help") { return .help }
        if given.contains("--version") {
            if let other = given.first(where: { $0 != "--version" }) {
                throw CommandLineError(message: "\(other) has no effect with --version")
            }
            return .version
        }
        try checkMode(given)
        options.highlightsMatches = MatchHighlighter.isWanted(environment: environment)
        if given.contains("--order"), options.sort == .bestMatch {
            throw CommandLineError(message: "--order needs --sort stars or --sort updated (best match has no order)")
        }
        if let token = environment["GITHUB_TOKEN"], !token.isEmpty, !options.offline {
            if let refusal = TokenScope.refusal(for: options.apiURL) { throw CommandLineError(message: refusal) }
            options.token = token
        }
        return .run(options)
    }

    /// Refuses options that would have no effect in the mode `given` selects.
    private static func checkMode(_ given: [String]) throws(CommandLineError) {
        if given.contains("--query") {
            if given.contains("--debounce") {
                throw CommandLineError(message: "--debounce has no effect with --query (it paces the terminal UI)")
            }
        } else if let option = given.first(where: queryOnly.contains) {
            throw CommandLineError(message: "\(option) works only with --query")
        }
        if given.contains("--offline"), given.contains("--api-url") {
            throw CommandLineError(message: "--api-url has no effect with --offline")
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    @discardableResult
    private static func flag(_ name: String, _ inlineValue: String?) throws(CommandLineError) -> Bool {
        if inlineValue != nil { throw CommandLineError(message: "\(name) takes no value") }
        return true
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ text: String, from _: Choice.Type
    ) throws(CommandLineError) -> Choice where Choice.RawValue == String {
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandLineError(message: "\(name) needs one of \(names), got \(Wording.echo(text))")
        }
        return value
    }

    private static func number(_ name: String, _ text: String, minimum: Int) throws(CommandLineError) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw CommandLineError(message: "\(name) needs a whole number ≥ \(minimum), got \(Wording.echo(text))")
        }
        return value
    }

    /// An http(s) URL with a host, a port in 1…65535 if one is written, no user name or password, and no
    /// query or fragment (the search path and query are appended to it).
    private static func url(_ text: String) throws(CommandLineError) -> URL {
        func refuse(_ reason: String) -> CommandLineError {
            CommandLineError(message: "--api-url needs \(reason), got \(Wording.echo(text))")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else { throw refuse("an http or https URL with a host") }
        guard components.user == nil, components.password == nil else { throw refuse("a URL without a user name") }
        guard components.port.map({ (1...65_535).contains($0) }) ?? !Self.hasEmptyOrBadPort(text) else {
            throw refuse("a port between 1 and 65535")
        }
        guard components.query == nil, components.fragment == nil else {
            throw refuse("a URL without a query or fragment")
        }
        guard let url = components.url else { throw refuse("an http or https URL with a host") }
        return url
    }

    /// Whether the authority of `text` ends in a `:` with no valid port after it (URL parsers disagree on
    /// such URLs, so they are refused here).
    private static func hasEmptyOrBadPort(_ text: String) -> Bool {
        guard let schemeEnd = text.range(of: "://") else { return false }
        let authority = text[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") else { return false }
        let port = authority[authority.index(after: colon)...]
        return Int(port).map { !(1...65_535).contains($0) } ?? true
    }
}
