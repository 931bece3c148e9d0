import Foundation

/// A ``SearchQuery`` folded once for the ``CatalogIndex``: the words as folded bytes, the qualifiers as keys
/// compared against the index's per-entry attributes.
struct CatalogQuery: Sendable, Equatable {
    /// Folded words and phrases that must each occur in a searched column.
    let terms: [[UInt8]]
    /// Folded words and phrases that must occur in no searched column.
    let excludedTerms: [[UInt8]]
    /// The folded terms joined by single spaces, compared against whole names for the exact and prefix tiers.
    let phrase: [UInt8]
    /// Whether terms are looked for in the name (and, without `in:`, the full name).
    let searchesNames: Bool
    /// Whether terms are looked for in the full name (only without `in:`, like the catalog always did).
    let searchesFullNames: Bool
    /// Whether terms are looked for in the description.
    let searchesDescriptions: Bool
    /// ``languageKey(_:)`` of each `language:` value; empty means any language.
    let languages: Set<String>
    /// ``ownerKey(_:)`` of each `user:`/`org:` value; empty means any owner.
    let owners: Set<String>
    /// `stars:` conditions.
    let stars: [QualifierRange]
    /// `pushed:` conditions, in day numbers (the catalog's `updated_at`).
    let pushedDays: [QualifierRange]

    /// Folds `query`. Terms that fold to nothing (a lone combining mark) are dropped.
    init(_ query: SearchQuery) {
        func fold(_ terms: [String]) -> [[UInt8]] {
            terms.map { term in
                let words = SearchFolding.fold(term).split(whereSeparator: \.isWhitespace)
                return Array(words.joined(separator: " ").utf8)
            }.filter { !$0.isEmpty }
        }
        terms = fold(query.terms)
        excludedTerms = fold(query.excludedTerms)
        phrase = Array(terms.joined(separator: [0x20]))
        let fields = query.fields
        searchesNames = fields.isEmpty || fields.contains(.name)
        searchesFullNames = fields.isEmpty
        searchesDescriptions = fields.isEmpty || fields.contains(.description)
        languages = Set(query.languages.map(Self.languageKey))
        owners = Set(query.owners.map(Self.ownerKey))
        stars = query.stars
        pushedDays = query.pushedDays
    }

    /// Whether the query asks for nothing: no word survived folding and no qualifier or `NOT` was given.
    var isEmpty: Bool {
        terms.isEmpty && excludedTerms.isEmpty && languages.isEmpty && owners.isEmpty && stars.isEmpty
            && pushedDays.isEmpty
    }

    /// How languages are compared: folded, with spaces written as hyphens (`Vim Script` is `vim-script`).
    static func languageKey(_ language: String) -> String {
        SearchFolding.fold(language).replacingOccurrences(of: " ", with: "-")
    }

    /// How owners are compared: folded (GitHub logins are case-insensitive).
    static func ownerKey(_ owner: String) -> String {
        SearchFolding.fold(owner)
    }
}
