import Foundation
import TestSupport

@testable import SearchDemo

/// What the offline catalog should return for a query, written as plainly as possible: every repository is
/// checked against every condition, one by one, with naive substring search on folded text. The catalog's
/// text is folded once, up front, so checking many queries stays fast.
struct ReferenceFilter {
    private struct Entry {
        let repository: Repository
        let name: [UInt8]
        let fullName: [UInt8]
        let description: [UInt8]
        let language: String?
        let owner: String
    }

    private let entries: [Entry]

    /// Folds every repository's texts.
    init(_ repositories: [Repository]) {
        entries = repositories.map { repository in
            Entry(
                repository: repository,
                name: Self.folded(repository.name),
                fullName: Self.folded(repository.fullName),
                description: Self.folded(repository.description ?? ""),
                language: repository.language.map { Self.hyphenated(SearchFolding.fold($0)) },
                owner: SearchFolding.fold(String(repository.fullName.split(separator: "/")[0])))
        }
    }

    /// The ids of the repositories that match `query`.
    func ids(_ query: SearchQuery) -> Set<Int> {
        let terms = query.terms.map(Self.folded).filter { !$0.isEmpty }
        let excluded = query.excludedTerms.map(Self.folded).filter { !$0.isEmpty }
        let asksForNothing =
            terms.isEmpty && excluded.isEmpty && query.languages.isEmpty && query.owners.isEmpty
            && query.stars.isEmpty && query.pushedDays.isEmpty
        if asksForNothing { return [] }
        return Set(entries.filter { matches($0, query, terms: terms, excluded: excluded) }.map(\.repository.id))
    }

    private func matches(_ entry: Entry, _ query: SearchQuery, terms: [[UInt8]], excluded: [[UInt8]]) -> Bool {
        var searched: [[UInt8]] = []
        if query.fields.isEmpty {
            searched = [entry.name, entry.fullName, entry.description]
        } else {
            if query.fields.contains(.name) { searched.append(entry.name) }
            if query.fields.contains(.description) { searched.append(entry.description) }
        }
        for term in terms where !searched.contains(where: { Self.contains($0, term) }) { return false }
        for term in excluded where searched.contains(where: { Self.contains($0, term) }) { return false }
        if !query.languages.isEmpty {
            guard let language = entry.language else { return false }
            if !query.languages.contains(where: { Self.hyphenated(SearchFolding.fold($0)) == language }) {
                return false
            }
        }
        if !query.owners.isEmpty, !query.owners.contains(where: { SearchFolding.fold($0) == entry.owner }) {
            return false
        }
        let stars = entry.repository.stargazersCount
        for range in query.stars {
            if let lowest = range.lowest, stars < lowest { return false }
            if let highest = range.highest, stars > highest { return false }
        }
        if !query.pushedDays.isEmpty {
            guard let updated = entry.repository.updatedAt else { return false }
            let day = Int((updated.timeIntervalSince1970 / 86_400).rounded(.down))
            for range in query.pushedDays {
                if let lowest = range.lowest, day < lowest { return false }
                if let highest = range.highest, day > highest { return false }
            }
        }
        return true
    }

    /// Folded bytes, runs of whitespace written as one space.
    private static func folded(_ text: String) -> [UInt8] {
        Array(SearchFolding.fold(text).split(whereSeparator: \.isWhitespace).joined(separator: " ").utf8)
    }

    private static func hyphenated(_ text: String) -> String {
        String(text.map { $0 == " " ? "-" : $0 })
    }

    /// Whether `needle` occurs in `haystack`, trying every offset.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        if needle.isEmpty { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}

/// A deterministic generator of queries over every qualifier and their combinations (SplitMix64).
struct QueryGenerator {
    private var random: SplitMix64

    /// A generator that always produces the same queries for the same `seed`.
    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    private mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }

    private static let words = [
        "swift", "network", "ios", "react", "kit", "rx", "json", "http", "data", "ui", "研修", "CAFE", "lib", "test",
        "framework", "go", "server", "a",
    ]
    private static let phrases = [#""swift ui""#, #""http client""#, #""reactive programming""#, #""for ios""#]
    private static let languages = [
        "swift", "Go", "objective-c", "JavaScript", "c++", "rust", "python", "kotlin", "\"jupyter notebook\"",
    ]
    private static let owners = ["apple", "google", "facebook", "ReactiveX", "microsoft", "vapor", "pointfreeco"]
    private static let counts = ["0", "10", "100", "500", "1000", "5000", "20000", "50000"]

    /// One of the range forms over `value` (and `other`, for `a..b`); values compare as text, which orders
    /// dates and the listed counts of equal length correctly and otherwise makes some ranges empty.
    private mutating func bounded(_ value: String, _ other: String) -> String {
        switch below(8) {
        case 0: return value
        case 1: return ">" + value
        case 2: return ">=" + value
        case 3: return "<" + value
        case 4: return "<=" + value
        case 5: return "*.." + value
        case 6: return value + "..*"
        default: return min(value, other) + ".." + max(value, other)
        }
    }

    private mutating func date() -> String {
        let month = 1 + below(12)
        let day = 1 + below(28)
        return "\(2015 + below(12))-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    private mutating func qualifier() -> String {
        switch below(6) {
        case 0: return "language:" + pick(Self.languages)
        case 1: return pick(["user:", "org:"]) + pick(Self.owners)
        case 2: return "stars:" + bounded(pick(Self.counts), pick(Self.counts))
        case 3: return "pushed:" + bounded(date(), date())
        case 4: return "in:" + pick(["name", "description", "name,description", "NAME"])
        default: return "stars:" + bounded(pick(Self.counts), pick(Self.counts))
        }
    }

    /// The next query: a few words, maybe a phrase, maybe a `NOT`, and some qualifiers, shuffled.
    mutating func query() -> String {
        var parts: [String] = []
        let wordCount = below(3)
        for _ in 0..<wordCount { parts.append(pick(Self.words)) }
        if below(4) == 0 { parts.append(pick(Self.phrases)) }
        let qualifierCount = below(3)
        for _ in 0..<qualifierCount { parts.append(qualifier()) }
        if parts.isEmpty { parts.append(qualifier()) }
        for index in parts.indices.reversed() where index > 0 {
            parts.swapAt(index, below(index + 1))
        }
        if below(3) == 0 { parts.append("NOT " + pick(Self.words + Self.phrases)) }
        return parts.joined(separator: " ")
    }
}
