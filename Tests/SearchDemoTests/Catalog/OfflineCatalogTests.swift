import Foundation
import Testing

@testable import SearchDemo

@Suite("OfflineCatalog: bundled snapshot")
struct OfflineCatalogBundledTests {
    private let catalog: OfflineCatalog

    init() throws {
        catalog = try OfflineCatalog.bundled()
    }

    @Test func loadsAtLeastAThousandUniqueRepositories() {
        #expect(catalog.snapshotDate == "2026-11-30")
        #expect(catalog.note?.contains("approximate") == true)
        #expect(catalog.repositories.count >= 1000)
        let fullNames = Set(catalog.repositories.map { $0.fullName.lowercased() })
        #expect(fullNames.count == catalog.repositories.count)
        #expect(Set(catalog.repositories.map(\.id)).count == catalog.repositories.count)
    }

    @Test func everyEntryIsWellFormed() {
        for repository in catalog.repositories {
            #expect(repository.id > 0)
            #expect(repository.fullName.split(separator: "/").count == 2)
            #expect(repository.fullName.hasSuffix("/" + repository.name))
            #expect(repository.htmlURL.absoluteString == "https://github.com/" + repository.fullName)
            #expect(repository.stargazersCount >= 0)
        }
    }

    @Test(
        arguments: [
            "swiftlang/swift", "apple/swift-nio", "apple/swift-async-algorithms", "apple/swift-collections",
            "ReactiveX/RxSwift", "Alamofire/Alamofire", "pointfreeco/swift-composable-architecture",
            "onevcat/Kingfisher", "SnapKit/SnapKit", "realm/realm-swift", "vapor/vapor", "Quick/Quick",
        ])
    func includesWellKnownRepository(_ fullName: String) {
        #expect(catalog.repositories.contains { $0.fullName == fullName })
    }

    @Test func includesDescriptionsInNonLatinScripts() {
        func count(_ scalars: ClosedRange<Unicode.Scalar>) -> Int {
            catalog.repositories.filter { repository in
                repository.description?.unicodeScalars.contains { scalars.contains($0) } ?? false
            }.count
        }
        #expect(count("\u{4E00}"..."\u{9FFF}") >= 20)  // Han
        #expect(count("\u{3040}"..."\u{30FF}") >= 5)  // Hiragana and Katakana
        #expect(count("\u{AC00}"..."\u{D7AF}") >= 5)  // Hangul syllables
        #expect(count("\u{0400}"..."\u{04FF}") >= 1)  // Cyrillic
    }

    @Test func rankingOnRealData() throws {
        let swift = try CatalogFixtures.fullNames(catalog, "swift", perPage: 3)
        #expect(swift == ["swiftlang/swift", "tensorflow/swift", "airbnb/swift"])
        #expect(
            try CatalogFixtures.fullNames(catalog, "KINGFISHER") == [
                "onevcat/Kingfisher", "RxSwiftCommunity/RxKingfisher",
            ])
        #expect(try CatalogFixtures.fullNames(catalog, "rxswift", perPage: 1) == ["ReactiveX/RxSwift"])
    }

    @Test func findsNonLatinDescriptions() throws {
        #expect(
            try CatalogFixtures.fullNames(catalog, "기술 면접")
                == ["JaeYeopHan/Interview_Question_for_Beginner", "gyoogle/tech-interview-for-developer"])
        #expect(
            try CatalogFixtures.fullNames(catalog, "ゼロから", perPage: 2) == [
                "oreilly-japan/deep-learning-from-scratch", "oreilly-japan/deep-learning-from-scratch-2",
            ])
        #expect(try catalog.page(for: SearchRequest(query: "面试")).totalCount >= 5)
    }
}

@Suite("OfflineCatalog: matching and ranking")
struct OfflineCatalogRankingTests {
    private static let kitCatalog = CatalogFixtures.catalog([
        CatalogFixtures.repository("zeta/kit", stars: 5),
        CatalogFixtures.repository("x/KitchenSink", stars: 1),
        CatalogFixtures.repository("b/toolkit", stars: 50),
        CatalogFixtures.repository("c/helpers", stars: 1000, description: "A starter kit for apps"),
        CatalogFixtures.repository("alpha/Kit", stars: 5),
        CatalogFixtures.repository("kitware/swift", stars: 10),
        CatalogFixtures.repository("y/kitten", stars: 100),
        CatalogFixtures.repository("d/other", stars: 9999, description: "Nothing to see"),
    ])

    @Test func exactThenPrefixThenSubstringThenDescription() throws {
        #expect(
            try CatalogFixtures.fullNames(Self.kitCatalog, "kit") == [
                "alpha/Kit", "zeta/kit",  // exact name; equal stars, so by full name
                "y/kitten", "x/KitchenSink",  // name prefix, by stars
                "b/toolkit", "kitware/swift",  // substring of name or full name, by stars
                "c/helpers",  // description only, despite the most stars
            ])
        let page = try Self.kitCatalog.page(for: SearchRequest(query: "kit"))
        #expect(page.totalCount == 7)
        #expect(page.nextPage == nil)
        #expect(page.incompleteResults == false)
        #expect(page.rateLimitRemaining == nil)
    }

    @Test func exactFullNameRanksFirst() throws {
        #expect(try CatalogFixtures.fullNames(Self.kitCatalog, "KITWARE/SWIFT") == ["kitware/swift"])
    }

    @Test func foldsCaseDiacriticsAndWidth() throws {
        let catalog = CatalogFixtures.catalog([
            CatalogFixtures.repository("paris/café", stars: 3),
            CatalogFixtures.repository("lyon/bistro", stars: 2, description: "Crème brûlée and ÉCLAIRS"),
            CatalogFixtures.repository("apple/swift", stars: 1),
        ])
        #expect(try CatalogFixtures.fullNames(catalog, "CAFE") == ["paris/café"])
        #expect(try CatalogFixtures.fullNames(catalog, "Café") == ["paris/café"])
        #expect(try CatalogFixtures.fullNames(catalog, "cafe\u{301}") == ["paris/café"])  // decomposed é
        #expect(try CatalogFixtures.fullNames(catalog, "creme brulee eclairs") == ["lyon/bistro"])
        #expect(try CatalogFixtures.fullNames(catalog, "ＳＷＩＦＴ") == ["apple/swift"])  // full-width
    }

    @Test func everyWordMustMatchSomewhere() throws {
        let catalog = CatalogFixtures.catalog([
            CatalogFixtures.repository("apple/swift-nio", stars: 8000, description: "Event-driven network framework"),
            CatalogFixtures.repository("apple/swift-log", stars: 3000, description: "A Logging API for Swift"),
            CatalogFixtures.repository("netty/netty", stars: 30000, description: "Network application framework"),
        ])
        #expect(try CatalogFixtures.fullNames(catalog, "swift network") == ["apple/swift-nio"])
        #expect(
            try CatalogFixtures.fullNames(catalog, "  NETWORK \t framework ") == ["netty/netty", "apple/swift-nio"])
        #expect(try CatalogFixtures.fullNames(catalog, "apple log") == ["apple/swift-log"])
        #expect(try Self.totalCount(catalog, "network logging") == 0)
    }

    private static func totalCount(_ catalog: OfflineCatalog, _ query: String) throws -> Int {
        try catalog.page(for: SearchRequest(query: query)).totalCount
    }
}
