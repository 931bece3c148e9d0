import Foundation

// The real bundled catalog, loaded once per fuzzing process.
private let catalog: OfflineCatalog = {
    let path = ProcessInfo.processInfo.environment["FUZZ_CATALOG"] ?? "Sources/SearchDemo/Resources/catalog.json"
    guard let data = FileManager.default.contents(atPath: path), let catalog = try? OfflineCatalog(jsonData: data)
    else { fatalError("catalog-search fuzzer: cannot load \(path)") }
    return catalog
}()

/// Fuzzes the offline catalog search with arbitrary (mostly invalid or odd) Unicode queries over
/// the real bundled catalog: the first two bytes pick page and page size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogSearch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let page = Int(data[0] % 40) + 1
    let perPage = Int(data[1] % 101)
    let query = String(decoding: UnsafeBufferPointer(start: data + 2, count: size - 2), as: UTF8.self)
    _ = try? catalog.page(for: SearchRequest(query: query, page: page, perPage: perPage))
    return 0
}
