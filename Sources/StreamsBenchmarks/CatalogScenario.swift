import BenchmarkSupport
import SearchDemo

// C1: one offline-catalog query: SearchDemo's `OfflineCatalog.page(for:)` over the bundled
// catalog, with typical 3–6 letter queries. Loading the catalog is setup, outside the timer.

enum CatalogScenario {
    /// Typical 3–6 letter queries, cycled.
    static let queries = ["swift", "rx", "json", "http", "parser", "cli"]

    static func c1(_ sizes: Sizes) -> Scenario {
        let n = sizes.c1
        let acc = Acc()
        let requests = (0..<n).map { SearchRequest(query: queries[$0 % queries.count]) }
        let body: ((inout Probe) -> Check)?
        var reason = ""
        do {
            let catalog = try OfflineCatalog.bundled()
            body = { _ in
                for request in requests {
                    do {
                        let page = try catalog.page(for: request)
                        acc.put(page.totalCount &* 1000 &+ page.items.count)
                    } catch {
                        acc.put(-1)
                    }
                }
                return acc.check
            }
        } catch {
            body = nil
            reason = "the bundled catalog did not load: \(error)"
        }
        return Scenario(
            id: "C1", what: "offline catalog query (SearchDemo)", unit: "query", units: n, expected: nil, acc: acc,
            library: body, skipReason: reason
        )
    }
}
