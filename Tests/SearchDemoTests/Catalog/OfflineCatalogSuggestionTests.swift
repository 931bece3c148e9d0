import Foundation
import Testing

@testable import SearchDemo

/// What the offline catalog says about itself on the start screen, and the query it suggests when one matches
/// nothing.
@Suite("OfflineCatalog: start note and suggestions")
struct OfflineCatalogSuggestionTests {
    private static let catalog = CatalogFixtures.catalog([
        CatalogFixtures.repository(
            "swiftlang/swift", stars: 69_000, description: "The Swift Programming Language", id: 1),
        CatalogFixtures.repository(
            "vapor/vapor", stars: 25_000, description: "A server-side Swift web framework", id: 2),
        CatalogFixtures.repository("hatena/Hatena-Textbook", stars: 5_000, description: "はてな研修用教科書", id: 3),
    ])

    @Test func theBundledCatalogSaysItsSizeAndDate() throws {
        let catalog = try OfflineCatalog.bundled()
        #expect(catalog.startScreenNote == "Offline catalog: 1,603 repositories, snapshot 2026-11-30")
        #expect(Self.catalog.startScreenNote == "Offline catalog: 3 repositories, snapshot 2026-11-30")
    }

    @Test func aMisspelledWordIsRespelledToTheClosestCatalogWord() throws {
        #expect(try Self.catalog.page(for: SearchRequest(query: "swfit")).suggestion == "swift")
        #expect(try Self.catalog.page(for: SearchRequest(query: "vapor framwork")).suggestion == "vapor framework")
        #expect(try Self.catalog.page(for: SearchRequest(query: "Swift Lanugage")).suggestion == "Swift language")
    }

    @Test func aQueryTooLongToMatchLosesItsLastWords() throws {
        #expect(try Self.catalog.page(for: SearchRequest(query: "swift server xylophone")).suggestion == "swift server")
        #expect(try Self.catalog.page(for: SearchRequest(query: "vapor language:swift")).suggestion == "vapor")
    }

    @Test func nothingIsSuggestedWhenNothingCloseMatchesOrSomethingMatches() throws {
        #expect(try Self.catalog.page(for: SearchRequest(query: "xylophone")).suggestion == nil)
        #expect(try Self.catalog.page(for: SearchRequest(query: "swift")).suggestion == nil)
        #expect(try Self.catalog.page(for: SearchRequest(query: "ab")).suggestion == nil)
    }

    @Test func theBundledCatalogSuggestsForATypo() throws {
        let catalog = try OfflineCatalog.bundled()
        let page = try catalog.page(for: SearchRequest(query: "kingfsher"))
        #expect(page.totalCount == 0)
        #expect(page.suggestion == "kingfisher")
    }
}
