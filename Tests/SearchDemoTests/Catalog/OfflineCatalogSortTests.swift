import Foundation
import Testing

@testable import SearchDemo

/// Best match ranks like GitHub's (name matches before description matches, then stars); stars and updated
/// sort both ways with the same tie-break.
@Suite struct OfflineCatalogSortTests {
    private static func repository(
        _ fullName: String, stars: Int, description: String? = nil, language: String? = nil, day: Int = 0,
        id: Int
    ) -> Repository {
        Repository(
            id: id, name: String(fullName.split(separator: "/")[1]), fullName: fullName,
            htmlURL: URL(string: "https://github.com/\(fullName)")!, description: description, language: language,
            stargazersCount: stars, updatedAt: Date(timeIntervalSince1970: Double(day) * 86_400))
    }

    private static let catalog = CatalogFixtures.catalog([
        repository("a/kit", stars: 5, description: "the network kit", language: "Swift", day: 20_000, id: 1),
        repository("b/network", stars: 1, description: "plain", language: "Swift", day: 19_000, id: 2),
        repository("c/network-kit", stars: 50, description: "kit", language: "Go", day: 19_500, id: 3),
        repository("d/tools", stars: 900, description: "network tools", language: "Swift", day: 20_100, id: 4),
        repository("e/supernetwork", stars: 10, description: nil, language: "Swift", day: 18_000, id: 5),
        repository("f/Network", stars: 1, description: "same stars as b", language: "swift", day: 19_000, id: 6),
    ])

    private func names(_ query: String, _ sort: SearchSort = .bestMatch, _ order: SearchOrder = .descending) throws
        -> [String]
    {
        try Self.catalog.matches(for: query, sort: sort, order: order).map(\.fullName)
    }

    @Test func bestMatchRanksNamesBeforeDescriptionsThenStars() throws {
        // Exact name (stars, then full name), name prefix, name substring, then description only by stars.
        #expect(
            try names("network") == [
                "b/network", "f/Network", "c/network-kit", "e/supernetwork", "d/tools", "a/kit",
            ])
    }

    @Test func qualifiersDoNotChangeTheRankingOfWhatIsLeft() throws {
        #expect(
            try names("network language:swift") == ["b/network", "f/Network", "e/supernetwork", "d/tools", "a/kit"])
        #expect(try names("network in:description") == ["d/tools", "a/kit"])
        #expect(try names("network in:name") == ["b/network", "f/Network", "c/network-kit", "e/supernetwork"])
    }

    @Test func withoutWordsBestMatchIsByStars() throws {
        #expect(try names("language:swift") == ["d/tools", "e/supernetwork", "a/kit", "b/network", "f/Network"])
    }

    @Test func starsAndUpdatedBothWays() throws {
        #expect(
            try names("network", .stars) == [
                "d/tools", "c/network-kit", "e/supernetwork", "a/kit", "b/network", "f/Network",
            ])
        #expect(
            try names("network", .stars, .ascending) == [
                "b/network", "f/Network", "a/kit", "e/supernetwork", "c/network-kit", "d/tools",
            ])
        #expect(
            try names("network", .updated) == [
                "d/tools", "a/kit", "c/network-kit", "b/network", "f/Network", "e/supernetwork",
            ])
        #expect(
            try names("network", .updated, .ascending) == [
                "e/supernetwork", "b/network", "f/Network", "c/network-kit", "a/kit", "d/tools",
            ])
    }

    @Test func pagesFollowTheRequestedSort() throws {
        let page = try Self.catalog.page(for: SearchRequest(query: "network", page: 2, perPage: 2, sort: .stars))
        #expect(page.items.map(\.fullName) == ["e/supernetwork", "a/kit"])
        #expect(page.totalCount == 6 && page.nextPage == 3)
    }
}
