import Streams

/// The demo's version: printed by `--version` and sent in the `User-Agent` header. It is the
/// library's version (one number, kept in `StreamsVersion` and CHANGELOG.md).
enum AppVersion {
    /// The version string, e.g. `0.1.0`.
    static let current = StreamsVersion.current
    /// The `User-Agent` the live client sends: `streams-search-demo/<version>`.
    static let userAgent = "streams-search-demo/\(current)"
}
