import Testing

@testable import SearchDemo

/// `link` header parsing: pure, total, case-insensitive on `rel`.
@Suite struct LinkHeaderTests {
    private static let github =
        #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=1>; rel="prev", "#
        + #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=3>; rel="next", "#
        + #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=34>; rel="last", "#
        + #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=1>; rel="first""#

    @Test func parsesGitHubPagination() {
        let header = LinkHeader(parsing: Self.github)
        #expect(header.links.map(\.relations) == [["prev"], ["next"], ["last"], ["first"]])
        #expect(header.page(forRelation: "next") == 3)
        #expect(header.page(forRelation: "last") == 34)
        #expect(header.page(forRelation: "prev") == 1)
        #expect(
            header.target(forRelation: "next")
                == "https://api.github.com/search/repositories?q=swift&per_page=30&page=3")
    }

    @Test(arguments: [
        #"<https://x/?page=5>; REL="NEXT""#,
        #"<https://x/?page=5>; Rel=Next"#,
        #"<https://x/?page=5>;rel="next""#,
        #"  <https://x/?page=5> ;  rel = "next"  "#,
        #"<https://x/?page=5>; title="a, b; rel=last"; rel="next""#,
        #"<https://x/?page=5>; rel="prev next""#,
        #"<https://x/?page=5>; rel="next"; rel="last""#,
    ])
    func matchesRelCaseInsensitivelyAndToleratesSpacing(header: String) {
        #expect(LinkHeader(parsing: header).page(forRelation: "next") == 5)
        #expect(LinkHeader(parsing: header).page(forRelation: "Next") == 5)
    }

    @Test func severalRelationsOnOneLinkAllMatch() {
        let header = LinkHeader(parsing: #"<https://x/?page=9>; rel="next last""#)
        #expect(header.links == [LinkHeader.Link(target: "https://x/?page=9", relations: ["next", "last"])])
        #expect(header.page(forRelation: "last") == 9)
    }

    @Test(arguments: [
        #"<https://x/?per_page=30>; rel="next""#,
        #"<https://x/?page=>; rel="next""#,
        #"<https://x/?page=two>; rel="next""#,
        #"<https://x/?page=0>; rel="next""#,
        #"<https://x/?page=-3>; rel="next""#,
        #"<https://x/?page=99999999999999999999999>; rel="next""#,
        #"<https://x/?page=2>; rel="last""#,
        #"<https://x/?page=2>"#,
    ])
    func noNextPageWithoutAPositiveIntegerPageOnANextLink(header: String) {
        #expect(LinkHeader(parsing: header).page(forRelation: "next") == nil)
    }

    @Test(arguments: [
        "", " ", ",,,", "<", ">", "<<>>", "\"", ";;;", "rel=next", "<a", "<a>; rel=\"next", "<a>; rel=\"\\",
        "garbage, <https://x/?page=2>; rel=next", "<a> junk; rel=next, <https://x/?page=2>; rel=next",
        "\u{0}\u{FFFF}<\n>",
    ])
    func garbageNeverTraps(header: String) {
        let parsed = LinkHeader(parsing: header)
        #expect(parsed.links.count <= 2)
        _ = parsed.page(forRelation: "next")
    }

    @Test func skipsMalformedEntriesAndKeepsTheRest() {
        let header = LinkHeader(parsing: #"garbage; rel="next", <https://x/?page=2>; rel="next""#)
        #expect(header.links == [LinkHeader.Link(target: "https://x/?page=2", relations: ["next"])])
        #expect(header.page(forRelation: "next") == 2)
    }

    @Test func unterminatedQuoteKeepsWhatWasRead() {
        let header = LinkHeader(parsing: #"<https://x/?page=4>; rel="next"#)
        #expect(header.page(forRelation: "next") == 4)
    }
}
