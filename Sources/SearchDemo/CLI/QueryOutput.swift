import Foundation

/// How `--query` prints repositories (and, with `--json`, a failure) on standard output.
enum QueryOutput {
    /// One line per repository: `full_name<TAB>stars<TAB>language<TAB>description`, each field made
    /// terminal-safe by ``TerminalSafeText/line(_:)`` (so tabs and line breaks inside fields are spaces, and
    /// no escape sequence from the API reaches the terminal), a missing language or description left empty.
    static func lines(_ repositories: [Repository]) -> [String] {
        repositories.map { repository in
            [
                repository.fullName, String(repository.stargazersCount), repository.language ?? "",
                repository.description ?? "",
            ]
            .map(TerminalSafeText.line)
            .joined(separator: "\t")
        }
    }

    /// A JSON array of objects with GitHub's field names: `full_name`, `html_url`, `description`,
    /// `language` and `stargazers_count` (`null` when GitHub has no value), keys sorted. Texts are exact
    /// and the document is terminal-safe: JSON escapes C0 controls itself, and every other character a
    /// terminal would act on (DEL, C1 controls, bidi overrides) is written as a `\uXXXX` escape too.
    static func json(_ repositories: [Repository]) -> String {
        guard !repositories.isEmpty else { return "[]" }
        return encoded(repositories.map(Item.init)) ?? "[]"
    }

    /// The `--json` form of a failure: `{"error": {"detail": …, "message": …}}`, `detail` `null` when
    /// there is none.
    static func jsonError(_ failure: QueryFailure) -> String {
        encoded(["error": ErrorObject(message: failure.message, detail: failure.detail)]) ?? "{}"
    }

    private static func encoded(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { escapingTerminalControls(String(decoding: $0, as: UTF8.self)) }
    }

    /// `json` with DEL, the C1 controls and the bidi overrides written as `\uXXXX`: JSON leaves them raw, but
    /// outside ASCII they can only stand inside a JSON string, where the escape means the same. (The encoder
    /// escapes the C0 controls in strings already; a raw line break is the pretty-printing's own.)
    private static func escapingTerminalControls(_ json: String) -> String {
        let needsEscape = { (scalar: Unicode.Scalar) in scalar.value >= 0x7F && TerminalSafeText.isUnsafe(scalar) }
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private struct ErrorObject: Encodable {
        let message: String
        let detail: String?

        enum CodingKeys: String, CodingKey { case message, detail }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
            try container.encode(detail, forKey: .detail)
        }
    }

    private struct Item: Encodable {
        let repository: Repository

        enum CodingKeys: String, CodingKey {
            case fullName = "full_name"
            case htmlURL = "html_url"
            case description, language
            case stargazersCount = "stargazers_count"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(repository.fullName, forKey: .fullName)
            try container.encode(repository.htmlURL.absoluteString, forKey: .htmlURL)
            try container.encode(repository.description, forKey: .description)
            try container.encode(repository.language, forKey: .language)
            try container.encode(repository.stargazersCount, forKey: .stargazersCount)
        }
    }
}
