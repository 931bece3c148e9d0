import Foundation

/// The JSON layout of `catalog.json`: `{"snapshotDate": …, "note": …, "repositories": [Repository, …]}`.
struct CatalogFile: Decodable, Sendable {
    /// When the catalog was written, e.g. `"2026-11-30"`.
    let snapshotDate: String
    /// What the data is and how far to trust it.
    let note: String?
    /// The repositories, in GitHub's field names.
    let repositories: [Repository]

    /// Decodes a catalog; `updated_at` values are ISO 8601 (`2026-10-05T12:36:12Z`).
    static func decode(_ data: Data) throws -> CatalogFile {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(CatalogFile.self, from: data)
    }
}

/// Why the bundled offline catalog could not be loaded.
enum CatalogLoadError: Error, Sendable, Equatable {
    /// `catalog.json` is missing from the module's resource bundle.
    case resourceMissing
}
