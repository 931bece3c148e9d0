import Testing

@testable import SearchDemo

/// The one sanitizer for text written for people: what it replaces, what it keeps.
@Suite struct TerminalSafeTextTests {
    @Test(arguments: [
        ("plain text, 日本語 and 👨‍👩‍👧", "plain text, 日本語 and 👨‍👩‍👧"),
        ("tab\tand\nline\r\nbreaks\u{0B}\u{0C}\u{85}\u{2028}\u{2029}end", "tab and line breaks     end"),
        ("\u{1B}]52;c;SGVsbG8=\u{07}", "\u{FFFD}]52;c;SGVsbG8=\u{FFFD}"),
        ("\u{1B}]0;title\u{1B}\\", "\u{FFFD}]0;title\u{FFFD}\\"),
        ("\u{1B}[2J\u{1B}[31mred", "\u{FFFD}[2J\u{FFFD}[31mred"),
        (
            "\u{00}\u{08}\u{7F}\u{80}\u{9B}31m\u{9D}\u{9F}",
            "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}31m\u{FFFD}\u{FFFD}"
        ),
        ("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e\u{202E}f", "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f"),
        ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "\u{FFFD}x\u{FFFD}y\u{FFFD}z\u{FFFD}"),
        ("e\u{301}\u{200D}\u{200E}ok", "e\u{301}\u{200D}\u{200E}ok"),
    ])
    func replacesEveryControlAndBidiOverride(text: String, expected: String) {
        #expect(TerminalSafeText.line(text) == expected)
        #expect(TerminalSafeText.line(expected) == expected, "idempotent")
    }

    @Test func nothingUnsafeIsLeftAndTheWidthIsOneColumnPerPlaceholder() {
        let every = String(String.UnicodeScalarView((0..<0xA0).compactMap(Unicode.Scalar.init)))
        let safe = TerminalSafeText.line(every + "\u{202E}\u{2069}")
        #expect(!safe.unicodeScalars.contains(where: TerminalSafeText.isUnsafe))
        #expect(DisplayWidth.of(String(TerminalSafeText.placeholder)) == 1)
    }
}
