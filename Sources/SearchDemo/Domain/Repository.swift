import Foundation

/// One GitHub repository as the search screen shows it.
///
/// Coding keys use GitHub's field names (`full_name`, `html_url`, `stargazers_count`, …), so the
/// live API, the offline catalog and `--json` output share one shape.
public struct Repository: Codable, Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: String
    public let fullName: String
    public let htmlURL: URL
    public let description: String?
    public let language: String?
    public let stargazersCount: Int
    public let updatedAt: Date?

    /// Creates a repository value.
    public init(
        id: Int, name: String, fullName: String, htmlURL: URL, description: String?, language: String?,
        stargazersCount: Int, updatedAt: Date?
    ) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.htmlURL = htmlURL
        self.description = description
        self.language = language
        self.stargazersCount = stargazersCount
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, description, language
        case fullName = "full_name"
        case htmlURL = "html_url"
        case stargazersCount = "stargazers_count"
        case updatedAt = "updated_at"
    }
}
