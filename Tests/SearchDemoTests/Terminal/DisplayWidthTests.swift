import Testing

@testable import SearchDemo

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0), ("hello", 5), ("a b~", 4),
        ("かとう", 6), ("カタカナ", 8), ("漢字", 4), ("검색", 4), ("ｆｕｌｌ", 8), ("。、", 4),
        ("😀", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("🇯🇵🇫🇷", 4), ("❤️", 2), ("❤", 1), ("1️⃣", 2),
        ("e\u{301}", 1), ("\u{301}", 0), ("a\u{200D}b", 2), ("\u{200B}", 0), ("x\u{FE0F}", 1),
        ("\u{1100}\u{1161}\u{11A8}", 2), ("\t\u{1B}\r\n\u{7F}\u{85}", 0),
        ("…", 1), ("é", 1), ("Ω", 1), ("\u{20000}", 2), ("abc漢字😀", 9),
    ])
    func width(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func characterWidths() {
        #expect(DisplayWidth.of(Character("A")) == 1)
        #expect(DisplayWidth.of(Character("か")) == 2)
        #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
        #expect(DisplayWidth.of(scalar: "\u{3099}") == 0)
        #expect(DisplayWidth.of(scalar: "\u{AD}") == 1)
    }

    @Test(arguments: [
        ("hello", 5, "hello"), ("hello", 6, "hello"), ("hello world", 8, "hello w…"), ("hello", 4, "hel…"),
        ("hello", 1, "…"), ("hello", 0, ""), ("hello", -3, ""), ("", 0, ""), ("", 3, ""),
        ("かとう", 6, "かとう"), ("かとう", 5, "かと…"), ("かとう", 4, "か…"), ("かとう", 3, "か…"),
        ("かとう", 2, "…"), ("a検索", 4, "a検…"), ("검색어", 4, "검…"),
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"), ("🇯🇵🇫🇷", 2, "…"), ("ce\u{301}de", 3, "ce\u{301}…"),
    ])
    func truncate(text: String, width: Int, expected: String) {
        #expect(DisplayWidth.truncate(text, toWidth: width) == expected)
        #expect(DisplayWidth.of(DisplayWidth.truncate(text, toWidth: width)) <= max(width, 0))
    }

    @Test(arguments: [
        ("ab", 4, "ab  "), ("ab", 2, "ab"), ("abc", 2, "abc"), ("漢", 3, "漢 "), ("😀", 2, "😀"), ("", 2, "  "),
        ("x", 0, "x"), ("x", -1, "x"),
    ])
    func pad(text: String, width: Int, expected: String) {
        #expect(DisplayWidth.pad(text, toWidth: width) == expected)
    }

    @Test(arguments: [
        ("ab", 4, "ab  "), ("abcdef", 4, "abc…"), ("漢字漢字", 5, "漢字…"), ("漢字漢字", 4, "漢… "), ("x", 0, ""),
    ])
    func fit(text: String, width: Int, expected: String) {
        #expect(DisplayWidth.fit(text, toWidth: width) == expected)
        #expect(DisplayWidth.of(DisplayWidth.fit(text, toWidth: width)) == max(width, 0))
    }
}
