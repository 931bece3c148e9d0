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

/// The catalog's searchable text and attributes, prepared once at load and kept in tie-break order.
///
/// Entries are sorted by stars (descending), then by folded full name, then by raw full name, so a query only has
/// to drop each match into its ``CatalogMatchTier`` bucket: no per-query sorting for best match (or by stars,
/// descending) and no per-query folding of the catalog.
struct CatalogIndex: Sendable {
    /// `order[position]` is the index, in the array the index was built from, of the entry at `position`.
    private let order: [Int]
    private let names: FoldedColumn
    private let fullNames: FoldedColumn
    private let descriptions: FoldedColumn
    private let attributes: CatalogAttributes

    /// Folds every repository's name, full name and description, and keys its language, owner, stars and day.
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
        attributes = CatalogAttributes(ranked)
    }

    /// Indices (into the array the index was built from) of every repository matching `query`, in `sort` and
    /// `order`; nothing for an empty query.
    ///
    /// The longest term is looked for with one sweep over each searched column; the qualifiers and the other
    /// terms are then checked only in the entries still matching, which are usually few. Without terms every
    /// entry is a candidate for the qualifiers.
    func rankedMatches(
        for query: CatalogQuery, sort: SearchSort = .bestMatch, order direction: SearchOrder = .descending
    ) -> [Int] {
        guard !query.isEmpty else { return [] }
        let terms = query.terms.sorted { $0.count > $1.count }
        var inName = EntrySet(count: names.count)
        let candidates: [Int]
        if let first = terms.first {
            if query.searchesNames { inName.formUnion(names.entries(containing: first)) }
            if query.searchesFullNames { inName.formUnion(fullNames.entries(containing: first)) }
            var anywhere = inName
            if query.searchesDescriptions { anywhere.formUnion(descriptions.entries(containing: first)) }
            candidates = anywhere.positions
        } else {
            candidates = Array(0..<names.count)
        }
        var matches: [(position: Int, tier: CatalogMatchTier)] = []
        candidates: for position in candidates where attributes.entry(position, satisfies: query) {
            var namesMatch = terms.isEmpty ? query.searchesNames : inName.contains(position)
            for term in terms.dropFirst() {
                if nameColumns(position, contain: term, for: query) { continue }
                guard query.searchesDescriptions, descriptions.entry(position, contains: term) else {
                    continue candidates
                }
                namesMatch = false
            }
            for term in query.excludedTerms {
                if nameColumns(position, contain: term, for: query) { continue candidates }
                if query.searchesDescriptions, descriptions.entry(position, contains: term) { continue candidates }
            }
            matches.append((position, tier(at: position, phrase: query.phrase, namesMatch: namesMatch)))
        }
        return ordered(matches, sort: sort, direction: direction).map { order[$0] }
    }

    private func nameColumns(_ position: Int, contain term: [UInt8], for query: CatalogQuery) -> Bool {
        (query.searchesNames && names.entry(position, contains: term))
            || (query.searchesFullNames && fullNames.entry(position, contains: term))
    }

    /// Positions in the requested order; ties keep the index's order (stars, then full name).
    private func ordered(
        _ matches: [(position: Int, tier: CatalogMatchTier)], sort: SearchSort, direction: SearchOrder
    ) -> [Int] {
        switch (sort, direction) {
        case (.bestMatch, _):
            var buckets = [[Int]](repeating: [], count: CatalogMatchTier.allCases.count)
            for match in matches { buckets[match.tier.rawValue].append(match.position) }
            return Array(buckets.joined())
        case (.stars, .descending):
            return matches.map(\.position)
        case (.stars, .ascending):
            return matches.map(\.position).sorted { attributes.orderedByStars($0, before: $1, ascending: true) }
        case (.updated, let direction):
            return matches.map(\.position).sorted {
                attributes.orderedByUpdate($0, before: $1, ascending: direction == .ascending)
            }
        }
    }

    private func tier(at position: Int, phrase: [UInt8], namesMatch: Bool) -> CatalogMatchTier {
        guard namesMatch else { return .descriptionOnly }
        let name = names.text(at: position)
        if name.elementsEqual(phrase) || fullNames.text(at: position).elementsEqual(phrase) { return .exactName }
        if name.starts(with: phrase) { return .namePrefix }
        return .nameSubstring
    }
}
