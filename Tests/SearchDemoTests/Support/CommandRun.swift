import Foundation

@testable import SearchDemo

/// What one in-process run of `search-demo` (every mode but the terminal UI) returned and printed.
struct CommandResult: Sendable {
    /// The exit status.
    let status: Int32
    /// Everything written to standard output.
    let stdout: String
    /// Everything written to standard error.
    let stderr: String

    /// Standard error split into lines.
    var stderrLines: [String] {
        stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Runs `search-demo` with `arguments` and `environment` through ``SearchDemoCommand/run(arguments:environment:output:)``.
func runSearchDemo(_ arguments: [String], environment: [String: String] = [:]) async -> CommandResult {
    let captured = CapturedOutput()
    let status = await SearchDemoCommand.run(arguments: arguments, environment: environment, output: captured.output)
    return CommandResult(status: status, stdout: captured.stdout, stderr: captured.stderr)
}

/// A GitHub search response body listing `items` (objects with GitHub's field names), any text JSON-escaped.
func searchResponseBody(_ items: [[String: Any]], total: Int? = nil) throws -> String {
    let object: [String: Any] = ["total_count": total ?? items.count, "incomplete_results": false, "items": items]
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}

/// One search result with GitHub's field names; `null` for a missing description or language.
func searchItem(id: Int, fullName: String, description: String?, language: String?, stars: Int = 1) -> [String: Any] {
    let path = fullName.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
    return [
        "id": id, "name": String(fullName.split(separator: "/").last ?? ""), "full_name": fullName,
        "html_url": "https://github.com/\(path)", "description": description ?? NSNull(),
        "language": language ?? NSNull(),
        "stargazers_count": stars, "updated_at": "2024-01-01T00:00:00Z",
    ]
}
