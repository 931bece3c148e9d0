/// One page of a ranked match list, paged the way GitHub's search API pages.
///
/// `page` is clamped to at least 1 and `perPage` to 1…100. GitHub serves only the first 1,000 results of any
/// search, so a page whose first result lies beyond them is refused with the same
/// ``SearchError/validationFailed(message:)`` GitHub sends, and the page that reaches the cap reports no next page.
struct CatalogPageWindow: Sendable, Equatable {
    /// GitHub serves at most this many results per search, however many match.
    static let resultCap = 1000
    /// The largest page size GitHub honours.
    static let maximumPerPage = 100

    /// The 1-based page, at least 1.
    let page: Int
    /// Results per page, 1…100.
    let perPage: Int
    /// Results skipped before this page; always below ``resultCap``.
    let offset: Int

    /// Clamps and validates a requested page.
    ///
    /// - Throws: ``SearchError/validationFailed(message:)`` when the page starts beyond the first 1,000 results.
    init(page requestedPage: Int, perPage requestedPerPage: Int) throws(SearchError) {
        page = max(1, requestedPage)
        perPage = min(max(1, requestedPerPage), Self.maximumPerPage)
        let (skipped, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        guard !overflow, skipped < Self.resultCap else {
            throw .validationFailed(message: "Only the first \(Self.resultCap) search results are available")
        }
        offset = skipped
    }

    /// The positions in the ranked matches that this page shows; empty past the last match.
    func range(matchCount: Int) -> Range<Int> {
        let reachable = min(matchCount, Self.resultCap)
        return min(offset, reachable)..<min(offset + perPage, reachable)
    }

    /// `page + 1` when more matches follow within the first 1,000, otherwise `nil`.
    func nextPage(matchCount: Int) -> Int? {
        offset + perPage < min(matchCount, Self.resultCap) ? page + 1 : nil
    }
}
