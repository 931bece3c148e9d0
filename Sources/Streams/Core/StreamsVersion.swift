/// The version of the Streams package, in one place: `CHANGELOG.md` names the same number, and
/// the demo's `--version` output and `User-Agent` header report it.
public enum StreamsVersion {
    /// The current release, as `major.minor.patch`.
    public static let current = "0.1.0"
}
