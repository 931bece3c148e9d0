import BenchmarkSupport
import SearchDemo

// C1: one offline-catalog query. SearchDemo's `OfflineCatalog` is written in the `catalog`
// branch; this body compiles only with `-Xswiftc -DSTREAMS_BENCH_CATALOG` until it is merged,
// and the scenario prints `check=SKIPPED` without it.

enum CatalogScenario {
    /// Typical 3–6 letter queries, cycled.
    static let queries = ["swift", "rx", "json", "http", "parser", "cli"]

    static func c1(_ sizes: Sizes) -> Scenario {
        let n = sizes.c1
        let acc = Acc()
        #if STREAMS_BENCH_CATALOG
            let catalog = OfflineCatalog.bundled()
            let requests = (0..<n).map { SearchRequest(query: queries[$0 % queries.count]) }
            let body: ((inout Probe) -> Check)? = { _ in
                for request in requests {
                    let page = catalog.page(for: request)
                    acc.put(page.totalCount &* 1000 &+ page.items.count)
                }
                return acc.check
            }
        #else
            let body: ((inout Probe) -> Check)? = nil
        #endif
        return Scenario(
            id: "C1", what: "offline catalog query (SearchDemo)", unit: "query", units: n, expected: nil, acc: acc,
            library: body, skipReason: "OfflineCatalog not in this build (catalog)"
        )
    }
}
