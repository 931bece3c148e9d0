import Testing

@testable import SearchDemo

@Suite("OfflineCatalog: paging like the GitHub API")
struct OfflineCatalogPagingTests {
    private static let catalog = CatalogFixtures.numbered(1050)

    private static func page(_ page: Int, perPage: Int) throws -> SearchPage {
        try catalog.page(for: SearchRequest(query: "repo", page: page, perPage: perPage))
    }

    /// Expects `page` to be a page of all 1050 matches that lists `count` repositories, `first` to
    /// `last`, and offers `next`.
    private func expectPage(
        _ page: SearchPage, count: Int, from first: String, to last: String, next: Int?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(page.totalCount == 1050, sourceLocation: sourceLocation)
        #expect(page.items.count == count, sourceLocation: sourceLocation)
        #expect(page.items.first?.fullName == first, sourceLocation: sourceLocation)
        #expect(page.items.last?.fullName == last, sourceLocation: sourceLocation)
        #expect(page.nextPage == next, sourceLocation: sourceLocation)
    }

    @Test func firstAndSecondPages() throws {
        try expectPage(Self.page(1, perPage: 30), count: 30, from: "owner/repo0000", to: "owner/repo0029", next: 2)

        let second = try Self.page(2, perPage: 30)
        #expect(second.totalCount == 1050)
        #expect(second.items.map(\.fullName) == (30..<60).map { "owner/repo00\($0)" })
        #expect(second.nextPage == 3)
    }

    @Test func stopsAtTheThousandResultCap() throws {
        try expectPage(Self.page(10, perPage: 100), count: 100, from: "owner/repo0900", to: "owner/repo0999", next: nil)

        #expect(try Self.page(33, perPage: 30).nextPage == 34)
        let last = try Self.page(34, perPage: 30)
        #expect(last.items.map(\.fullName) == (990..<1000).map { "owner/repo0\($0)" })
        #expect(last.nextPage == nil)
    }

    @Test func refusesPagesBeyondTheCap() {
        let refusal = SearchError.validationFailed(message: "Only the first 1000 search results are available")
        #expect(throws: refusal) { try Self.page(11, perPage: 100) }
        #expect(throws: refusal) { try Self.page(35, perPage: 30) }
        #expect(throws: refusal) { try Self.page(Int.max, perPage: Int.max) }
    }

    @Test func clampsPageAndPageSize() throws {
        let tiny = try Self.page(0, perPage: 0)
        #expect(tiny.items.map(\.fullName) == ["owner/repo0000"])
        #expect(tiny.nextPage == 2)

        let huge = try Self.page(-5, perPage: 500)
        #expect(huge.items.count == 100)
        #expect(huge.nextPage == 2)
    }

    @Test func pagesPastTheLastMatchAreEmpty() throws {
        let catalog = CatalogFixtures.numbered(45)
        let second = try catalog.page(for: SearchRequest(query: "repo", page: 2, perPage: 30))
        #expect(second.totalCount == 45)
        #expect(second.items.count == 15)
        #expect(second.nextPage == nil)

        let third = try catalog.page(for: SearchRequest(query: "repo", page: 3, perPage: 30))
        #expect(third == SearchPage(totalCount: 45, items: [], nextPage: nil))
    }

    @Test func exactlyOneFullPageHasNoNextPage() throws {
        let page = try CatalogFixtures.numbered(30).page(for: SearchRequest(query: "repo", perPage: 30))
        #expect(page.items.count == 30)
        #expect(page.nextPage == nil)
    }
}
