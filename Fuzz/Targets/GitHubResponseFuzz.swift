import Foundation

/// Fuzzes the GitHub response decoder and the `link` header parser with arbitrary bytes: the first
/// byte picks the HTTP status family, the next line (up to a newline) is the `link` header, the
/// rest is the body. Nothing may crash, hang or allocate without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGitHubResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let first = bytes.first else { return 0 }
    let statuses = [200, 200, 200, 403, 422, 429, 500, 304]
    let status = statuses[Int(first) % statuses.count]
    let rest = bytes.dropFirst()
    let newline = rest.firstIndex(of: 0x0A) ?? rest.endIndex
    let link = String(decoding: rest[rest.startIndex..<newline], as: UTF8.self)
    let body = newline < rest.endIndex ? Data(rest[rest.index(after: newline)...]) : Data()
    _ = LinkHeader(parsing: link).page(forRelation: "next")
    let decoder = GitHubResponseDecoder(perPage: 30, now: Date(timeIntervalSince1970: 1_700_000_000))
    let headers = ["link": link, "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000042"]
    _ = try? decoder.page(status: status, header: { headers[$0.lowercased()] }, body: body)
    return 0
}
