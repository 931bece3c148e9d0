/// The one parser of GitHub's repository search syntax, shared by the offline catalog and the live client.
///
/// - Words are searched for (all of them); `"quoted phrases"` are searched for as a whole; `NOT word` and
///   `NOT "a phrase"` exclude. `AND` between words changes nothing (it is the default); `OR` is refused, since
///   every word must match.
/// - Qualifiers are `name:value` with a known name: `language:`, `user:`, `org:`, `stars:` (`10`, `>10`,
///   `>=10`, `<10`, `<=10`, `10..50`, `*..50`, `10..*`), `pushed:` (the same forms with `YYYY-MM-DD`
///   dates) and `in:` (`name`, `description`, `readme`, `topics`, comma-separated). A value may be quoted:
///   `language:"vim script"`. Other qualifiers GitHub documents (`topic:`, `license:`, `forks:`, …) are kept
///   for the live API. A word with a colon that names no qualifier (`std::vector`) is a plain word, as on
///   GitHub.
/// - It is total: every string either parses or throws a ``SearchQueryError`` naming the token at fault.
enum SearchQueryParser {
    /// Qualifiers GitHub's repository search documents that only the live API can answer.
    static let liveOnlyNames: Set<String> = [
        "topic", "topics", "license", "forks", "created", "size", "is", "archived", "repo", "followers", "fork",
        "mirror", "template", "good-first-issues", "help-wanted-issues", "sponsorable",
    ]

    /// Parses `text` (already normalized: no control characters).
    ///
    /// - Throws: ``SearchQueryError`` naming the first malformed token.
    static func parse(_ text: String) throws(SearchQueryError) -> SearchQuery {
        var query = SearchQuery()
        var tokens = try SearchQueryTokenizer.tokens(text)[...]
        while let token = tokens.popFirst() {
            if !token.isPhrase, token.text == "NOT" {
                guard let negated = tokens.popFirst() else {
                    throw SearchQueryError(token: token.written, reason: "needs a word or a phrase after it")
                }
                guard negated.isPhrase || qualifierName(of: negated) == nil, !isOperator(negated) else {
                    throw SearchQueryError(
                        token: token.written + " " + negated.written, reason: "NOT applies only to words and phrases")
                }
                query.excludedTerms.append(try term(negated))
            } else if !token.isPhrase, token.text == "AND" {
                continue
            } else if !token.isPhrase, token.text == "OR" {
                throw SearchQueryError(token: token.written, reason: "OR is not supported (every word must match)")
            } else if let name = qualifierName(of: token) {
                try read(name, token, into: &query)
            } else {
                query.terms.append(try term(token))
            }
        }
        return query
    }

    private static func isOperator(_ token: SearchQueryToken) -> Bool {
        !token.isPhrase && ["NOT", "AND", "OR"].contains(token.text)
    }

    private static func term(_ token: SearchQueryToken) throws(SearchQueryError) -> String {
        let words = token.text.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { throw SearchQueryError(token: token.written, reason: "the phrase is empty") }
        return words.joined(separator: " ")
    }

    /// The lowercased qualifier name of `token` when it is `name:…` with a name GitHub knows, else `nil`.
    private static func qualifierName(of token: SearchQueryToken) -> String? {
        guard !token.isPhrase, let colon = token.text.firstIndex(of: ":") else { return nil }
        let name = token.text[..<colon].lowercased()
        let known = ["language", "user", "org", "stars", "pushed", "in"].contains(name) || liveOnlyNames.contains(name)
        return known ? name : nil
    }

    private static func read(_ name: String, _ token: SearchQueryToken, into query: inout SearchQuery)
        throws(SearchQueryError)
    {
        let value = String(token.text[token.text.index(after: token.text.firstIndex(of: ":")!)...])
        guard !value.isEmpty else {
            throw SearchQueryError(token: token.written, reason: "needs a value, e.g. \(example(for: name))")
        }
        func failed(_ reason: String) -> SearchQueryError { SearchQueryError(token: token.written, reason: reason) }
        switch name {
        case "language": query.languages.append(value)
        case "user", "org": query.owners.append(value)
        case "stars":
            switch QualifierRange.parse(value, number: count) {
            case .success(let range): query.stars.append(range)
            case .failure(let error): throw failed("\(Wording.echo(error.part)) is not a number")
            }
        case "pushed":
            switch QualifierRange.parse(value, number: CalendarDay.number(parsing:)) {
            case .success(let range): query.pushedDays.append(range)
            case .failure(let error): throw failed("\(Wording.echo(error.part)) is not a date (YYYY-MM-DD)")
            }
        case "in":
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let field = SearchField(rawValue: part.lowercased()) else {
                    throw failed("\(Wording.echo(String(part))) is not a field (name, description, readme or topics)")
                }
                query.fields.insert(field)
            }
        default: query.liveOnlyQualifiers.append(token.written)
        }
    }

    /// A whole number of at most 18 digits, ASCII only.
    private static func count(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    private static func example(for name: String) -> String {
        switch name {
        case "stars": "stars:>100"
        case "pushed": "pushed:>2024-01-01"
        case "in": "in:name"
        case "language": "language:swift"
        case "user", "org": "\(name):apple"
        default: "\(name):value"
        }
    }
}
