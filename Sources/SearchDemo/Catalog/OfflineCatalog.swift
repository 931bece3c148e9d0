import Foundation

/// A repository search over a bundled snapshot of real public GitHub repositories, for use without a network.
///
/// It answers the way the live GitHub client does, so the app cannot tell the two apart:
///
/// - **Matching.** The query is parsed by ``SearchQuery/parse(_:)`` (GitHub's syntax: words, `"phrases"`,
///   `NOT`, `language:`, `user:`/`org:`, `stars:`, `pushed:` against `updated_at`, `in:name`/`in:description`).
///   Words and phrases are folded case-, diacritic- and width-insensitively (`"CAFE"` finds `"café"`, full-width
///   `"ＳＷＩＦＴ"` finds `"swift"`). A repository matches when *every* word occurs somewhere in its `name`,
///   `full_name` or `description` (only the `in:` fields, when given), no `NOT` word occurs there, and every
///   qualifier holds (GitHub's implicit AND). Words are plain substrings: no regular expressions. Qualifiers the
///   catalog has no data for (`topic:`, `in:readme`, …) are refused with ``SearchError/validationFailed(message:)``;
///   a malformed one with ``SearchError/invalidQuery(_:)``.
/// - **Ranking.** Best match (the default): matches whose name (or full name) equals the words come first, then
///   names that start with them, then repositories where every word occurs in the name or full name, then those
///   that needed the description. Within a tier, more stars rank first; ties go to the full name in folded
///   (case-insensitive) order. `sort` `stars` or `updated` orders by that (`order` picks the direction) with the
///   same tie-break.
/// - **Paging.** `page` is 1-based (clamped to at least 1) and `perPage` is clamped to 1…100. `totalCount` counts
///   every match, but like GitHub only the first 1,000 can be paged through: `nextPage` is `page + 1` while more
///   matches follow within them, and a page starting beyond them throws
///   ``SearchError/validationFailed(message:)``. Pages past the last match are empty. `incompleteResults` is
///   always `false` and `rateLimitRemaining` always `nil`. A query that matches nothing comes back with a
///   `suggestion` when a respelled or shorter query would match (see ``CatalogVocabulary``).
/// - **Limits.** A blank query yields an empty page (`totalCount` 0); a trimmed query over 256 characters throws
///   ``SearchError/queryTooLong(length:)``. Any Unicode input is safe: emoji, lone combining marks and other odd
///   strings simply match what their folded bytes match, often nothing.
///
/// The catalog text is folded once, at load; a query folds only itself and scans the folded bytes, so a typical
/// query over about 1,600 repositories takes well under a millisecond in a release build.
public struct OfflineCatalog: RepositorySearching {
    /// Longest query accepted, in characters after trimming (GitHub's limit).
    static let maximumQueryLength = 256

    /// When the snapshot was taken, e.g. `"2026-11-30"`.
    let snapshotDate: String
    /// What the snapshot contains and how far to trust it (from the catalog file), or `nil`.
    let note: String?
    /// Every repository in the catalog, in file order.
    let repositories: [Repository]

    private let index: CatalogIndex
    /// The catalog's words, for ``suggestion(for:)``.
    let vocabulary: CatalogVocabulary

    /// Creates a catalog over `repositories`; used by tests and previews.
    init(repositories: [Repository], snapshotDate: String) {
        self.init(repositories: repositories, snapshotDate: snapshotDate, note: nil)
    }

    /// Decodes a catalog in the `catalog.json` layout:
    /// `{"snapshotDate": …, "note": …, "repositories": [{"id": …, "full_name": …, …}, …]}`.
    ///
    /// - Throws: `DecodingError` when `data` is not such a document.
    init(jsonData data: Data) throws {
        let file = try CatalogFile.decode(data)
        self.init(repositories: file.repositories, snapshotDate: file.snapshotDate, note: file.note)
    }

    private init(repositories: [Repository], snapshotDate: String, note: String?) {
        self.snapshotDate = snapshotDate
        self.note = note
        self.repositories = repositories
        self.index = CatalogIndex(repositories)
        self.vocabulary = CatalogVocabulary(repositories)
    }

    /// Loads the snapshot shipped in this module's resources (`catalog.json`).
    ///
    /// - Throws: ``CatalogLoadError/resourceMissing`` when the resource is absent, or the error from reading or
    ///   decoding it.
    public static func bundled() throws -> OfflineCatalog {
        guard let url = Bundle.module.url(forResource: "catalog", withExtension: "json") else {
            throw CatalogLoadError.resourceMissing
        }
        return try OfflineCatalog(jsonData: Data(contentsOf: url))
    }

    /// Answers one page synchronously, with the semantics described on ``OfflineCatalog``.
    ///
    /// - Throws: ``SearchError/queryTooLong(length:)``, ``SearchError/invalidQuery(_:)`` or
    ///   ``SearchError/validationFailed(message:)``.
    public func page(for request: SearchRequest) throws(SearchError) -> SearchPage {
        let query = request.query.trimmingCharacters(in: .whitespacesAndNewlines)
        let length = query.count
        guard length <= Self.maximumQueryLength else { throw .queryTooLong(length: length) }
        guard !query.isEmpty else { return SearchPage(totalCount: 0, items: [], nextPage: nil) }
        let window = try CatalogPageWindow(page: request.page, perPage: request.perPage)
        let matches = try rankedMatches(query, sort: request.sort, order: request.order)
        let items = matches[window.range(matchCount: matches.count)].map { repositories[$0] }
        return SearchPage(
            totalCount: matches.count, items: items, nextPage: window.nextPage(matchCount: matches.count),
            suggestion: matches.isEmpty ? suggestion(for: query) : nil)
    }

    /// Every repository matching `query`, in `sort` and `order` (not paged, not capped).
    ///
    /// - Throws: ``SearchError/invalidQuery(_:)`` or ``SearchError/validationFailed(message:)``.
    func matches(
        for query: String, sort: SearchSort = .bestMatch, order: SearchOrder = .descending
    ) throws(SearchError) -> [Repository] {
        try rankedMatches(query, sort: sort, order: order).map { repositories[$0] }
    }

    private func rankedMatches(_ text: String, sort: SearchSort, order: SearchOrder) throws(SearchError) -> [Int] {
        let query: SearchQuery
        do {
            query = try SearchQuery.parse(text)
        } catch {
            throw .invalidQuery(error)
        }
        if let qualifier = query.liveOnlyQualifiers.first {
            throw .validationFailed(message: "the offline catalog cannot answer \(qualifier) (it works live)")
        }
        if let field = query.fields.sorted().first(where: { $0 == .readme || $0 == .topics }) {
            throw .validationFailed(
                message: "the offline catalog has no \(field.rawValue) to search (in:\(field.rawValue) works live)")
        }
        return index.rankedMatches(for: CatalogQuery(query), sort: sort, order: order)
    }

    /// Answers one page; see ``page(for:)``.
    ///
    /// - Throws: ``SearchError/cancelled`` when the calling task is cancelled, otherwise what ``page(for:)``
    ///   throws.
    func search(_ request: SearchRequest) async throws(SearchError) -> SearchPage {
        guard !Task.isCancelled else { throw .cancelled }
        let result = try page(for: request)
        guard !Task.isCancelled else { throw .cancelled }
        return result
    }
}
