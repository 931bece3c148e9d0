import Foundation

/// How `--query` prints repositories on standard output.
public enum QueryOutput {
    /// One line per repository: `full_name<TAB>stars<TAB>language<TAB>description`, with tabs and
    /// line breaks inside fields turned into spaces and a missing language or description left empty.
    public static func lines(_ repositories: [Repository]) -> [String] {
        repositories.map { repository in
            [
                repository.fullName, String(repository.stargazersCount), repository.language ?? "",
                repository.description ?? "",
            ]
            .map(field)
            .joined(separator: "\t")
        }
    }

    /// A JSON array of objects with GitHub's field names: `full_name`, `html_url`, `description`,
    /// `language` and `stargazers_count` (`null` when GitHub has no value), keys sorted.
    public static func json(_ repositories: [Repository]) -> String {
        guard !repositories.isEmpty else { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(repositories.map(Item.init)) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func field(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
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
