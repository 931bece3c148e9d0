/// The demo's version: printed by `--version` and sent in the `User-Agent` header.
public enum AppVersion {
    /// The version string, e.g. `0.1.0`.
    public static let current = "0.1.0"
    /// The `User-Agent` the live client sends: `streams-search-demo/<version>`.
    public static let userAgent = "streams-search-demo/\(current)"
}
