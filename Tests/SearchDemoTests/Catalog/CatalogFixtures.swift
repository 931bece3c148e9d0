import Foundation

@testable import SearchDemo

/// Builds small hand-made catalogs for the offline catalog tests.
enum CatalogFixtures {
    /// A repository whose name is the part of `fullName` after the slash.
    static func repository(_ fullName: String, stars: Int, description: String? = nil, id: Int = 1) -> Repository {
        Repository(
            id: id,
            name: String(fullName.split(separator: "/", maxSplits: 1).last ?? Substring(fullName)),
            fullName: fullName,
            htmlURL: URL(string: "https://github.com/\(fullName)")!,
            description: description,
            language: nil,
            stargazersCount: stars,
            updatedAt: nil
        )
    }

    /// A catalog over `repositories`, dated 2026-11-30.
    static func catalog(_ repositories: [Repository]) -> OfflineCatalog {
        OfflineCatalog(repositories: repositories, snapshotDate: "2026-11-30")
    }

    /// The full names on one page for `query`.
    static func fullNames(_ catalog: OfflineCatalog, _ query: String, page: Int = 1, perPage: Int = 30) throws
        -> [String]
    {
        try catalog.page(for: SearchRequest(query: query, page: page, perPage: perPage)).items.map(\.fullName)
    }

    /// `count` repositories named `owner/repo0000`, `owner/repo0001`, … with strictly decreasing stars, so their
    /// ranked order is their numbering.
    static func numbered(_ count: Int) -> OfflineCatalog {
        catalog(
            (0..<count).map { number in
                let suffix = String(number)
                let padded = String(repeating: "0", count: max(0, 4 - suffix.count)) + suffix
                return repository("owner/repo\(padded)", stars: 10_000 - number, id: number + 1)
            }
        )
    }
}
