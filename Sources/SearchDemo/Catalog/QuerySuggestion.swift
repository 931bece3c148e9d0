/// The words of the offline catalog, and the query it proposes when one matches nothing.
///
/// The proposal is cheap and deterministic (see Docs/SearchDemo.md, "A query that matches nothing"):
/// 1. **Respell.** Every plain word of the query (letters and digits only, not `NOT` or the word after it) that
///    matches nothing on its own is replaced by the closest catalog word: fewest edits (insertions, deletions,
///    substitutions and swaps of two neighbours), at most 1 for words of up to 5 characters and 2 for longer ones;
///    ties go to the first word in code-point order. Words shorter than 3 characters are left alone. The respelled
///    query is proposed if it matches.
/// 2. **Shorten.** Otherwise the query loses its last word (and a `NOT` left dangling), again and again while at
///    least one word is left; the first shorter query that matches is proposed.
///
/// Nothing is proposed when neither finds a matching query.
struct CatalogVocabulary: Sendable {
    /// Every distinct folded word of 3 or more characters in the names, full names and descriptions, sorted.
    let words: [String]

    /// The vocabulary of `repositories`.
    init(_ repositories: [Repository]) {
        var found = Set<String>()
        for repository in repositories {
            for text in [repository.fullName, repository.description ?? ""] {
                for word in SearchFolding.fold(text).split(whereSeparator: { !($0.isLetter || $0.isNumber) })
                where word.count >= 3 {
                    found.insert(String(word))
                }
            }
        }
        words = found.sorted()
    }

    /// The catalog word closest to `word` within the edit limit, or `nil`.
    func closest(to word: String) -> String? {
        let folded = Array(SearchFolding.fold(word))
        guard folded.count >= 3 else { return nil }
        let limit = folded.count <= 5 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in words {
            let characters = Array(candidate)
            guard abs(characters.count - folded.count) <= limit else { continue }
            let distance = Self.distance(folded, characters)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.word
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

extension OfflineCatalog {
    /// What the start screen says about the catalog: its size and its snapshot date.
    var startScreenNote: String? {
        "Offline catalog: \(Wording.count(repositories.count, "repository", "repositories")), snapshot \(snapshotDate)"
    }

    /// A query close to `query` that matches, when `query` matches nothing; see ``CatalogVocabulary``.
    func suggestion(for query: String) -> String? {
        let words = query.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return nil }
        var respelled = words
        for (index, word) in words.enumerated() {
            let negated = word == "NOT" || (index > 0 && words[index - 1] == "NOT")
            guard !negated, word.allSatisfy({ $0.isLetter || $0.isNumber }), !matchesAnything(word) else { continue }
            if let closest = vocabulary.closest(to: word) { respelled[index] = closest }
        }
        if respelled != words, matchesAnything(respelled.joined(separator: " ")) {
            return respelled.joined(separator: " ")
        }
        var shorter = words
        while shorter.count > 1 {
            shorter.removeLast()
            while shorter.last == "NOT" { shorter.removeLast() }
            guard !shorter.isEmpty else { break }
            if matchesAnything(shorter.joined(separator: " ")) { return shorter.joined(separator: " ") }
        }
        return nil
    }

    private func matchesAnything(_ query: String) -> Bool {
        (try? matches(for: query).isEmpty == false) ?? false
    }
}
