/// One token of a query: a bare word (which may be a qualifier) or a quoted phrase.
struct SearchQueryToken: Sendable, Equatable {
    /// The token as typed, quotes included (for error messages).
    let written: String
    /// The token without its quotes: `name:"a b"` reads `name:a b`, `"a b"` reads `a b`.
    let text: String
    /// Whether the whole token was one quoted phrase.
    let isPhrase: Bool
}

/// Splits a query into tokens at whitespace outside quotes.
enum SearchQueryTokenizer {
    /// The tokens of `query`.
    ///
    /// - Throws: ``SearchQueryError`` for a quote that is never closed.
    static func tokens(_ query: String) throws(SearchQueryError) -> [SearchQueryToken] {
        var tokens: [SearchQueryToken] = []
        var written = ""
        var text = ""
        var quoted = false
        var startsQuoted = false
        func finish() {
            guard !written.isEmpty else { return }
            let isPhrase =
                startsQuoted && written.count >= 2 && written.last == "\""
                && written.dropFirst().dropLast().allSatisfy { $0 != "\"" }
            tokens.append(SearchQueryToken(written: written, text: text, isPhrase: isPhrase))
            (written, text, startsQuoted) = ("", "", false)
        }
        for character in query {
            if character == "\"" {
                if written.isEmpty { startsQuoted = true }
                quoted.toggle()
                written.append(character)
            } else if character.isWhitespace && !quoted {
                finish()
            } else {
                written.append(character)
                text.append(character)
            }
        }
        guard !quoted else { throw SearchQueryError(token: written, reason: "the quote is not closed") }
        finish()
        return tokens
    }
}
