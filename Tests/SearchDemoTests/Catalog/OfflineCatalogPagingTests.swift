import Testing

@testable import SearchDemo

@Suite("OfflineCatalog: paging like the GitHub API")
struct OfflineCatalogPagingTests {
    private static let catalog = CatalogFixtures.numbered(1050)

    private static func page(_ page: Int, perPage: Int) throws -> SearchPage {
        try catalog.page(for: SearchRequest(query: "repo", page: page, perPage: perPage))
    }

    @Test func firstAndSecondPages() throws {
        let first = try Self.page(1, perPage: 30)
        #expect(first.totalCount == 1050)
        #expect(first.items.count == 30)
        #expect(first.items.first?.fullName == "owner/repo0000")
        #expect(first.items.last?.fullName == "owner/repo0029")
        #expect(first.nextPage == 2)

        let second = try Self.page(2, perPage: 30)
        #expect(second.totalCount == 1050)
        #expect(second.items.map(\.fullName) == (30..<60).map { "owner/repo00\($0)" })
        #expect(second.nextPage == 3)
    }

    @Test func stopsAtTheThousandResultCap() throws {
        let tenth = try Self.page(10, perPage: 100)
        #expect(tenth.totalCount == 1050)
        #expect(tenth.items.count == 100)
        #expect(tenth.items.first?.fullName == "owner/repo0900")
        #expect(tenth.items.last?.fullName == "owner/repo0999")
        #expect(tenth.nextPage == nil)

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
