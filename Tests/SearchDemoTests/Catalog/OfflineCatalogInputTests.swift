import Testing

@testable import SearchDemo

@Suite("OfflineCatalog: odd input and cancellation")
struct OfflineCatalogInputTests {
    private static let catalog = CatalogFixtures.catalog([
        CatalogFixtures.repository("rocket/launcher", stars: 30, description: "🚀 Blazing fast launches"),
        CatalogFixtures.repository("family/tree", stars: 20, description: "Genealogy for 👨‍👩‍👧 families"),
        CatalogFixtures.repository("paris/café", stars: 10, description: "Crème brûlée"),
        CatalogFixtures.repository("tokyo/kana", stars: 5, description: "ひらがなとカタカナの練習"),
    ])

    private static func page(_ query: String) throws -> SearchPage {
        try catalog.page(for: SearchRequest(query: query))
    }

    @Test(arguments: ["", " ", "\t\n  "])
    func blankQueryGivesAnEmptyPage(_ query: String) throws {
        #expect(try Self.page(query) == SearchPage(totalCount: 0, items: [], nextPage: nil))
    }

    @Test func queryLengthLimit() throws {
        #expect(throws: SearchError.queryTooLong(length: 257)) { try Self.page(String(repeating: "a", count: 257)) }
        #expect(throws: SearchError.queryTooLong(length: 10_000)) {
            try Self.page(String(repeating: "é", count: 10_000))
        }
        #expect(throws: SearchError.queryTooLong(length: 300)) { try Self.page(String(repeating: "🚀", count: 300)) }
        // Trimmed first, and counted in characters, as the live client does.
        #expect(try Self.page("  " + String(repeating: "a", count: 256) + "  ").totalCount == 0)
        #expect(try Self.page(String(repeating: "👨‍👩‍👧", count: 256)).totalCount == 0)
    }

    @Test func emojiAndOtherScriptsMatchTheirText() throws {
        #expect(try Self.page("🚀").items.map(\.fullName) == ["rocket/launcher"])
        #expect(try Self.page("👨‍👩‍👧").items.map(\.fullName) == ["family/tree"])
        #expect(try Self.page("カタカナ").items.map(\.fullName) == ["tokyo/kana"])
        #expect(try Self.page("🚀 FAST").items.map(\.fullName) == ["rocket/launcher"])
        #expect(try Self.page("🦀").totalCount == 0)
    }

    @Test(arguments: [
        "\u{301}", "\u{301}\u{302}\u{303}", "\u{200D}\u{200D}", "\u{FEFF}", "\u{0}", "\u{FFFD}", "\u{E000}",
        "a\u{301}\u{301}\u{301}\u{301}", "🏳️‍🌈", "👩🏽‍💻", "🇯🇵", "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
        String(repeating: "\u{301}", count: 256), String(repeating: "x", count: 256),
    ])
    func oddUnicodeNeverCrashes(_ query: String) throws {
        let page = try Self.page(query)
        #expect(page.totalCount >= 0)
        #expect(page.totalCount <= 4)
        #expect(page.items.count == page.totalCount)
        #expect(page.nextPage == nil)
    }

    @Test func searchMatchesPage() async throws {
        let request = SearchRequest(query: "cafe")
        #expect(try await Self.catalog.search(request) == Self.catalog.page(for: request))
    }

    @Test func cancelledSearchThrowsCancelled() async {
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Self.catalog.search(SearchRequest(query: "cafe"))
        }.result
        #expect(throws: SearchError.cancelled) { try result.get() }
    }
}
