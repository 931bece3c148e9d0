import Testing

@testable import SearchDemo

/// The one parser of GitHub's search syntax: every qualifier, every range form, phrases, `NOT`, and each
/// error with its exact message.
@Suite struct SearchQueryParserTests {
    private func parse(_ text: String) throws(SearchQueryError) -> SearchQuery { try SearchQuery.parse(text) }

    private func range(_ lowest: Int?, _ highest: Int?) -> QualifierRange {
        QualifierRange(lowest: lowest, highest: highest)
    }

    @Test func plainWordsAreTerms() throws {
        let query = try parse("  reactive\u{3000}swift\tkit ")
        #expect(query.terms == ["reactive", "swift", "kit"])
        #expect(!query.usesSyntax)
    }

    @Test func everyQualifier() throws {
        let query = try parse(
            "network language:Swift user:apple org:google stars:>100 pushed:>2024-01-01 in:name,description")
        #expect(query.terms == ["network"])
        #expect(query.languages == ["Swift"])
        #expect(query.owners == ["apple", "google"])
        #expect(query.stars == [range(101, nil)])
        #expect(query.pushedDays == [range(CalendarDay.number(parsing: "2024-01-02"), nil)])
        #expect(query.fields == [.name, .description])
        #expect(query.usesSyntax)
    }

    @Test(
        arguments: [
            ("stars:100", 100, 100), ("stars:>100", 101, nil), ("stars:>=100", 100, nil), ("stars:<100", nil, 99),
            ("stars:<=100", nil, 100), ("stars:10..500", 10, 500), ("stars:*..500", nil, 500), ("stars:10..*", 10, nil),
            ("stars:*..*", nil, nil), ("STARS:0", 0, 0),
        ] as [(String, Int?, Int?)])
    func starRanges(text: String, lowest: Int?, highest: Int?) throws {
        #expect(try parse(text).stars == [range(lowest, highest)])
    }

    @Test func rangesContainTheirBoundsOnly() {
        #expect(range(10, 500).contains(10) && range(10, 500).contains(500))
        #expect(!range(10, 500).contains(9) && !range(10, 500).contains(501))
        #expect(range(nil, nil).contains(.min))
    }

    @Test func pushedDatesAreDaysInUTC() throws {
        #expect(CalendarDay.number(parsing: "1970-01-01") == 0)
        #expect(CalendarDay.number(parsing: "2024-02-29") == 19_782)
        #expect(CalendarDay.text(of: 19_782) == "2024-02-29")
        let day = try #require(CalendarDay.number(parsing: "2024-01-01"))
        #expect(try parse("pushed:2023-12-31..2024-01-01").pushedDays == [range(day - 1, day)])
        #expect(try parse("pushed:<=2024-01-01").pushedDays == [range(nil, day)])
        #expect(try parse("pushed:<2024-01-01").pushedDays == [range(nil, day - 1)])
    }

    @Test func quotedPhrasesAndQuotedValues() throws {
        let query = try parse(#""swift  ui" kit language:"vim script""#)
        #expect(query.terms == ["swift ui", "kit"])
        #expect(query.languages == ["vim script"])
        #expect(query.usesSyntax)
    }

    @Test func notExcludesAWordOrAPhrase() throws {
        let query = try parse(#"swift NOT ios NOT "react native" not"#)
        #expect(query.terms == ["swift", "not"])
        #expect(query.excludedTerms == ["ios", "react native"])
    }

    @Test func andIsTheDefaultAndUnknownColonsAreWords() throws {
        let query = try parse("std::vector AND langauge:swift http://x")
        #expect(query.terms == ["std::vector", "langauge:swift", "http://x"])
    }

    @Test func liveOnlyQualifiersAreKeptAsTyped() throws {
        let query = try parse("swift topic:ui license:mit forks:>10 in:readme")
        #expect(query.liveOnlyQualifiers == ["topic:ui", "license:mit", "forks:>10"])
        #expect(query.fields == [.readme])
    }

    @Test(arguments: [
        ("stars:>>1", "“stars:>>1”: “>1” is not a number"),
        ("stars:", "“stars:”: needs a value, e.g. stars:>100"),
        ("stars:ten", "“stars:ten”: “ten” is not a number"),
        ("stars:-5", "“stars:-5”: “-5” is not a number"),
        ("stars:10..", "“stars:10..”: “” is not a number"),
        ("stars:1..2..3", "“stars:1..2..3”: “2..3” is not a number"),
        ("stars:99999999999999999999", "“stars:99999999999999999999”: “99999999999999999999” is not a number"),
        ("pushed:>2024-13-01", "“pushed:>2024-13-01”: “2024-13-01” is not a date (YYYY-MM-DD)"),
        ("pushed:2023-02-29", "“pushed:2023-02-29”: “2023-02-29” is not a date (YYYY-MM-DD)"),
        ("in:names", "“in:names”: “names” is not a field (name, description, readme or topics)"),
        ("in:name,", "“in:name,”: “” is not a field (name, description, readme or topics)"),
        ("language:", "“language:”: needs a value, e.g. language:swift"),
        ("user:", "“user:”: needs a value, e.g. user:apple"),
        ("swift NOT", "“NOT”: needs a word or a phrase after it"),
        ("NOT language:go", "“NOT language:go”: NOT applies only to words and phrases"),
        ("NOT NOT x", "“NOT NOT”: NOT applies only to words and phrases"),
        ("swift OR rust", "“OR”: OR is not supported (every word must match)"),
        (#"say "hello world"#, "“\"hello world”: the quote is not closed"),
        (#"a "" b"#, "“\"\"”: the phrase is empty"),
    ])
    func malformedQueriesNameTheTokenAndWhy(text: String, message: String) {
        #expect(throws: SearchQueryError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func theSummarySaysWhatWasUnderstood() throws {
        let query = try parse(#"network "swift ui" NOT ios language:swift stars:10..500 pushed:<2024-01-01 in:name"#)
        #expect(
            query.summary
                == "words “network”, “swift ui” · not “ios” · language swift · stars 10–500 · pushed ≤ 2023-12-31 · in name"
        )
        #expect(try parse("stars:>=1000 user:apple").summary == "owner apple · stars ≥ 1,000")
    }
}
