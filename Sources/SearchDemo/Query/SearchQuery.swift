import Foundation

/// A repository search query in GitHub's search syntax, parsed once by ``parse(_:)`` and read by both
/// backends: the offline catalog filters and ranks by it, the live client validates with it (and sends the
/// text as typed).
///
/// Everything given must hold (GitHub's implicit AND), except that several `language:` values, or several
/// `user:`/`org:` values, each allow any one of them.
struct SearchQuery: Sendable, Equatable {
    /// Words and quoted phrases that must each occur (the phrase's text, without its quotes), in typed order.
    var terms: [String] = []
    /// Words and phrases given after `NOT`: a match contains none of them.
    var excludedTerms: [String] = []
    /// `language:` values as typed; a match's language is one of them (compared case-insensitively, with a
    /// space and a hyphen alike: `language:objective-c` is "Objective-C").
    var languages: [String] = []
    /// `user:` and `org:` values; a match's owner (the part of `full_name` before the slash) is one of them.
    var owners: [String] = []
    /// `stars:` conditions; the star count satisfies every one.
    var stars: [QualifierRange] = []
    /// `pushed:` conditions, in days since 1970-01-01 (UTC); the day of the last push satisfies every one.
    var pushedDays: [QualifierRange] = []
    /// `in:` fields the terms are looked for in; empty means the name, the full name and the description.
    var fields: Set<SearchField> = []
    /// Qualifiers GitHub knows that only the live API answers (`topic:`, `license:`, `forks:`, …), as typed.
    var liveOnlyQualifiers: [String] = []

    /// An empty query.
    init() {}

    /// Parses `text`; see ``SearchQueryParser``.
    ///
    /// - Throws: ``SearchQueryError`` naming the first malformed token.
    static func parse(_ text: String) throws(SearchQueryError) -> SearchQuery {
        try SearchQueryParser.parse(text)
    }

    /// Trims whitespace and drops control characters (pasted tabs, escapes): the text that is searched.
    static func normalize(_ text: String) -> String {
        let scalars = text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }
        let visible = String(String.UnicodeScalarView(scalars))
        return visible.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether anything besides plain words was given (a phrase, `NOT`, a qualifier).
    var usesSyntax: Bool {
        terms.contains { $0.contains(where: \.isWhitespace) } || !excludedTerms.isEmpty || !languages.isEmpty
            || !owners.isEmpty || !stars.isEmpty || !pushedDays.isEmpty || !fields.isEmpty
            || !liveOnlyQualifiers.isEmpty
    }
}

/// A field `in:` can restrict the words of a query to.
enum SearchField: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The repository name (`in:name`).
    case name
    /// The description (`in:description`).
    case description
    /// The README (`in:readme`); only the live API has it.
    case readme
    /// The topics (`in:topics`); only the live API has them.
    case topics

    /// Orders fields as GitHub's documentation lists them.
    static func < (lhs: SearchField, rhs: SearchField) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
