import Foundation
import Testing

@testable import SearchDemo

/// The catalog against a plain reference filter over the whole bundled catalog, for generated queries that
/// use every qualifier and their combinations; and its sorts.
@Suite struct OfflineCatalogQueryTests {
    private static let catalog = try! OfflineCatalog.bundled()  // swiftlint:disable:this force_try
    private static let reference = ReferenceFilter(catalog.repositories)

    private func ids(_ query: String, sort: SearchSort = .bestMatch, order: SearchOrder = .descending) throws
        -> [Int]
    {
        try Self.catalog.matches(for: query, sort: sort, order: order).map(\.id)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func generatedQueriesMatchTheReferenceFilter(seed: UInt64) throws {
        var generator = QueryGenerator(seed: seed)
        var nonEmpty = 0
        for _ in 0..<150 {
            let text = generator.query()
            let expected = Self.reference.ids(try SearchQuery.parse(text))
            let found = try ids(text)
            let (missing, extra) = (expected.subtracting(found).sorted(), Set(found).subtracting(expected).sorted())
            #expect(missing.isEmpty && extra.isEmpty, "\(text): missing \(missing.prefix(5)), extra \(extra.prefix(5))")
            #expect(found.count == Set(found).count, "\(text): duplicates")
            let total = try Self.catalog.page(for: SearchRequest(query: text, perPage: 1)).totalCount
            #expect(total == expected.count, "\(text)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 40, "too few queries match anything to mean much: \(nonEmpty)")
    }

    @Test func theDoneWhenExamples() throws {
        let repositories = Self.catalog.repositories
        let swiftStars = try Self.catalog.matches(for: "language:swift stars:>20000")
        #expect(swiftStars.count == 14)
        #expect(swiftStars.allSatisfy { $0.language == "Swift" && $0.stargazersCount > 20_000 })
        #expect(try Self.catalog.matches(for: "user:apple").count == 55)
        #expect(try Self.catalog.matches(for: "user:apple").allSatisfy { $0.fullName.hasPrefix("apple/") })
        let inName = try Self.catalog.matches(for: "swift in:name")
        #expect(inName.allSatisfy { $0.name.lowercased().contains("swift") } && !inName.isEmpty)
        #expect(inName.count < repositories.filter { $0.fullName.lowercased().contains("swift") }.count)
        let notIOS = try Self.catalog.matches(for: "swift NOT ios")
        #expect(!notIOS.isEmpty)
        #expect(notIOS.allSatisfy { !"\($0.fullName) \($0.description ?? "")".lowercased().contains("ios") })
        let network = try Self.catalog.matches(for: "network language:swift")
        #expect(!network.isEmpty)
        #expect(
            network.allSatisfy {
                $0.language == "Swift" && "\($0.fullName) \($0.description ?? "")".lowercased().contains("network")
            })
    }

    @Test(arguments: ["swift", "language:swift", "react NOT native", "stars:100..1000"])
    func sortsOrderTheSameMatches(query: String) throws {
        let byID = Dictionary(uniqueKeysWithValues: Self.catalog.repositories.map { ($0.id, $0) })
        let best = try ids(query)
        for (sort, order) in [
            (SearchSort.stars, SearchOrder.descending), (.stars, .ascending), (.updated, .descending),
            (.updated, .ascending),
        ] {
            let sorted = try ids(query, sort: sort, order: order).map { byID[$0]! }
            #expect(Set(sorted.map(\.id)) == Set(best))
            let keys = sorted.map { sort == .stars ? Double($0.stargazersCount) : $0.updatedAt!.timeIntervalSince1970 }
            let pairs = zip(keys, keys.dropFirst())
            #expect(pairs.allSatisfy { order == .descending ? $0 >= $1 : $0 <= $1 }, "\(query) \(sort) \(order)")
        }
    }

    @Test func qualifiersTheCatalogHasNoDataForAreRefused() {
        #expect(
            throws: SearchError.validationFailed(message: "the offline catalog cannot answer topic:ui (it works live)")
        ) { try Self.catalog.matches(for: "swift topic:ui") }
        #expect(
            throws: SearchError.validationFailed(
                message: "the offline catalog has no readme to search (in:readme works live)")
        ) { try Self.catalog.matches(for: "swift in:readme") }
    }

    @Test func aMalformedQueryIsAnInvalidQueryError() {
        #expect(throws: SearchError.invalidQuery(SearchQueryError(token: "stars:>>1", reason: "“>1” is not a number")))
        {
            try Self.catalog.page(for: SearchRequest(query: "swift stars:>>1"))
        }
    }
}
