/// How well a repository matches a query; lower tiers rank first.
enum CatalogMatchTier: Int, CaseIterable, Sendable {
    /// The name (or the full name) equals the whole query.
    case exactName
    /// The name starts with the whole query.
    case namePrefix
    /// Every word occurs in the name or the full name.
    case nameSubstring
    /// Every word occurs somewhere, but at least one only in the description.
    case descriptionOnly
}

/// The catalog's searchable text, folded once at load and kept in tie-break order.
///
/// Entries are sorted by stars (descending), then by folded full name, then by raw full name, so a query only has
/// to drop each match into its ``CatalogMatchTier`` bucket: no per-query sorting and no per-query folding of the
/// catalog.
struct CatalogIndex: Sendable {
    /// `order[position]` is the index, in the array the index was built from, of the entry at `position`.
    private let order: [Int]
    private let names: FoldedColumn
    private let fullNames: FoldedColumn
    private let descriptions: FoldedColumn

    /// Folds every repository's name, full name and description.
    init(_ repositories: [Repository]) {
        let foldedFullNames = repositories.map { SearchFolding.foldedBytes($0.fullName) }
        order = repositories.indices.sorted { lhs, rhs in
            let (left, right) = (repositories[lhs], repositories[rhs])
            if left.stargazersCount != right.stargazersCount { return left.stargazersCount > right.stargazersCount }
            if foldedFullNames[lhs] != foldedFullNames[rhs] {
                return foldedFullNames[lhs].lexicographicallyPrecedes(foldedFullNames[rhs])
            }
            if left.fullName != right.fullName {
                return left.fullName.utf8.lexicographicallyPrecedes(right.fullName.utf8)
            }
            return lhs < rhs
        }
        let ranked = order.map { repositories[$0] }
        names = FoldedColumn(ranked.map(\.name))
        fullNames = FoldedColumn(ranked.map(\.fullName))
        descriptions = FoldedColumn(ranked.map { $0.description ?? "" })
    }

    /// Indices (into the array the index was built from) of every repository matching `query`, best first.
    ///
    /// The longest word is looked for with one sweep over each column; the other words are then checked only in
    /// the entries still matching, which are usually few.
    func rankedMatches(for query: FoldedQuery) -> [Int] {
        let words = query.words.sorted { $0.count > $1.count }
        guard let first = words.first else { return [] }
        var inName = names.entries(containing: first)
        inName.formUnion(fullNames.entries(containing: first))
        var anywhere = descriptions.entries(containing: first)
        anywhere.formUnion(inName)
        var buckets = [[Int]](repeating: [], count: CatalogMatchTier.allCases.count)
        candidates: for position in anywhere.positions {
            var namesMatch = inName.contains(position)
            for word in words.dropFirst() {
                if names.entry(position, contains: word) || fullNames.entry(position, contains: word) { continue }
                guard descriptions.entry(position, contains: word) else { continue candidates }
                namesMatch = false
            }
            let tier = tier(at: position, phrase: query.phrase, namesMatch: namesMatch)
            buckets[tier.rawValue].append(order[position])
        }
        return Array(buckets.joined())
    }

    private func tier(at position: Int, phrase: [UInt8], namesMatch: Bool) -> CatalogMatchTier {
        guard namesMatch else { return .descriptionOnly }
        let name = names.text(at: position)
        if name.elementsEqual(phrase) || fullNames.text(at: position).elementsEqual(phrase) { return .exactName }
        if name.starts(with: phrase) { return .namePrefix }
        return .nameSubstring
    }
}
