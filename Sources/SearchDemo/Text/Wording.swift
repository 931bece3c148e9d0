/// The app's one way of writing numbers, counts, durations and echoed input in text for people, so the
/// terminal UI, `--query` and the error messages read alike: `1,234 repositories`, `1 repository`,
/// `retry in 42 s`.
enum Wording {
    /// Longest echo of something the user typed, in characters, before it is shortened with "…".
    static let maximumEcho = 60

    /// `n` with thousands separators: `999`, `1,000`, `67,512`, `-1,234`.
    static func number(_ n: Int) -> String {
        var digits = Array(String(n.magnitude))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return (n < 0 ? "-" : "") + String(digits)
    }

    /// `n` and the noun that agrees with it: `1 repository`, `0 repositories`, `1,234 repositories`.
    static func count(_ n: Int, _ singular: String, _ plural: String) -> String {
        "\(number(n)) \(n == 1 ? singular : plural)"
    }

    /// A duration in whole seconds: `42 s` (SI style, a space before the unit).
    static func seconds(_ n: Int) -> String {
        "\(number(n)) s"
    }

    /// `text` made terminal-safe and, past ``maximumEcho`` characters, cut with "…", in quotes:
    /// how a query is repeated back to the user.
    static func echo(_ text: String) -> String {
        let safe = TerminalSafeText.line(text)
        let shown = safe.count > maximumEcho ? safe.prefix(maximumEcho - 1) + "…" : safe
        return "“\(shown)”"
    }
}
