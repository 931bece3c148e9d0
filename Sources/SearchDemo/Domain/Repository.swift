import Foundation

/// One GitHub repository as the search screen shows it.
///
/// Coding keys use GitHub's field names (`full_name`, `html_url`, `stargazers_count`, …), so the
/// live API, the offline catalog and `--json` output share one shape.
public struct Repository: Codable, Sendable, Hashable, Identifiable {
    /// GitHub's numeric repository id (pages are de-duplicated by it).
    public let id: Int
    /// The repository name without its owner (`swift-nio`).
    public let name: String
    /// `owner/name` (`apple/swift-nio`).
    public let fullName: String
    /// The repository's web page (what `o` opens), not its API URL.
    public let htmlURL: URL
    /// The description, if the repository has one.
    public let description: String?
    /// The primary language, if GitHub detected one.
    public let language: String?
    /// The star count.
    public let stargazersCount: Int
    /// When the repository was last updated, if known.
    public let updatedAt: Date?

    /// Creates a repository value.
    init(
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
