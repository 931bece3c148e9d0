import Testing

@testable import SearchDemo

/// One way to write numbers, counts, durations and echoes.
@Suite struct WordingTests {
    @Test func numbersCountsAndSeconds() {
        #expect(
            [0, 999, 1000, 67_512, 1_234_567, -1_234].map(Wording.number) == [
                "0", "999", "1,000", "67,512", "1,234,567", "-1,234",
            ])
        #expect(Wording.count(1, "repository", "repositories") == "1 repository")
        #expect(Wording.count(0, "repository", "repositories") == "0 repositories")
        #expect(Wording.count(1_000, "character", "characters") == "1,000 characters")
        #expect(Wording.seconds(15) == "15 s")
        #expect(Wording.seconds(3_600) == "3,600 s")
    }

    @Test func echoesAreQuotedTerminalSafeAndShortened() {
        #expect(Wording.echo("swift") == "“swift”")
        #expect(Wording.echo("a\u{1B}[2Jb") == "“a\u{FFFD}[2Jb”")
        let long = String(repeating: "x", count: 61)
        #expect(Wording.echo(long) == "“" + String(repeating: "x", count: 59) + "…”")
        #expect(Wording.echo(String(repeating: "y", count: 60)) == "“" + String(repeating: "y", count: 60) + "”")
    }
}
