import Foundation
import Testing

@testable import SearchDemo

/// Frames for given states and sizes, compared line by line.
@Suite struct SearchScreenRendererTests {
    private static let swift = Repository(
        id: 1, name: "swift", fullName: "swiftlang/swift", htmlURL: URL(string: "https://github.com/swiftlang/swift")!,
        description: "The Swift Programming Language", language: "C++", stargazersCount: 69_512,
        updatedAt: Date(timeIntervalSince1970: 1_714_521_600))
    private static let primer = Repository(
        id: 2, name: "js-primer", fullName: "asciidwango/js-primer",
        htmlURL: URL(string: "https://github.com/asciidwango/js-primer")!,
        description: "JavaScript Primer - 迷わないための入門書", language: "JavaScript", stargazersCount: 1_234,
        updatedAt: nil)
    private static let party = Repository(
        id: 3, name: "emoji", fullName: "owner/😀-party", htmlURL: URL(string: "https://github.com/owner/x")!,
        description: "🎉 party 🎉 tools", language: nil, stargazersCount: 7, updatedAt: nil)

    private static var loaded: SearchState {
        state("swift", .loaded, [swift, primer, party], total: 1234, selection: 1, remaining: 9)
    }

    @Test func listWithCJKAndEmojiFitsTheWidth() {
        let lines = SearchScreenRenderer.render(
            state: Self.loaded, query: "swift 入門", size: TerminalSize(rows: 6, columns: 60))
        #expect(
            lines == [
                "Search: swift 入門",
                "  swiftlang/swift          69.5k  C++         The Swift Pro…",
                "> asciidwango/js-primer     1.2k  JavaScript  JavaScript Pr…",
                "  owner/😀-party               7              🎉 party 🎉 t…",
                "",
                "3 of 1,234 repositories                          API: 9 left",
            ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    @Test func narrowTerminalCutsColumnsAndDropsTheRightStatus() {
        let lines = SearchScreenRenderer.render(
            state: Self.loaded, query: "swift 入門", size: TerminalSize(rows: 4, columns: 30))
        #expect(
            lines == [
                "Search: swift 入門",
                "  swiftlang/…  69.5k  C++    …",
                "> asciidwang…   1.2k  JavaScr…",
                "3 of 1,234 repositories",
            ])
    }

    @Test func theSelectionStaysVisibleWhenTheListScrolls() {
        var state = Self.loaded
        state.selection = 2
        let lines = SearchScreenRenderer.render(state: state, query: "s", size: TerminalSize(rows: 4, columns: 40))
        #expect(
            lines == [
                "Search: s", "  asciidwango/js…   1.2k  JavaScript", "> owner/😀-party       7",
                "3 of 1,234 repositories      API: 9 left",
            ])
    }

    @Test func aLongQueryShowsItsTail() {
        let lines = SearchScreenRenderer.render(
            state: state(), query: "とても長い検索語です", size: TerminalSize(rows: 2, columns: 16))
        #expect(lines[0] == "Search: …語です")  // one column stays free for the cursor
        #expect(SearchScreenRenderer.cursorColumn(query: "とても長い検索語です", columns: 16) == 15)
    }

    @Test func oneByOneAndOneRow() {
        #expect(
            SearchScreenRenderer.render(state: Self.loaded, query: "x", size: TerminalSize(rows: 1, columns: 1)) == [
                "…"
            ])
        #expect(
            SearchScreenRenderer.render(state: Self.loaded, query: "x", size: TerminalSize(rows: 2, columns: 1)) == [
                "…", "…",
            ])
        #expect(
            SearchScreenRenderer.render(state: Self.loaded, query: "x", size: TerminalSize(rows: 0, columns: 0)) == [])
        #expect(
            SearchScreenRenderer.render(state: Self.loaded, query: "x", size: TerminalSize(rows: 1, columns: 20)) == [
                "Search: x"
            ])
    }

    @Test func detailView() {
        var state = Self.loaded
        state.detail = Self.primer
        let lines = SearchScreenRenderer.render(state: state, query: "入門", size: TerminalSize(rows: 14, columns: 40))
        #expect(
            lines == [
                "Search: 入門",
                "",
                "  asciidwango/js-primer",
                "",
                "  JavaScript Primer -",
                "  迷わないための入門書",
                "",
                "  Language  JavaScript",
                "  Stars     1,234",
                "  Updated   —",
                "  URL       https://github.com/asciidwa…",
                "",
                "  o open in browser · Esc back",
                "3 of 1,234 repositories      API: 9 left",
            ])
        state.detail = Self.swift
        let swiftLines = SearchScreenRenderer.render(state: state, query: "", size: TerminalSize(rows: 12, columns: 50))
        #expect(swiftLines[8] == "  Updated   2024-05-01")
    }

    @Test func statusBarForEveryPhase() {
        func status(_ phase: SearchState.Phase, error: String? = nil, spinner: Int = 0) -> String {
            var state = Self.loaded
            state.phase = phase
            state.rateLimitRemaining = nil
            state.errorMessage = error
            let overlay = SearchScreenRenderer.Overlay(toast: error, spinnerFrame: spinner)
            return SearchScreenRenderer.render(
                state: state, query: "q", size: TerminalSize(rows: 3, columns: 80), overlay: overlay
            ).last!
        }
        #expect(status(.idle) == "Type to search · ↑↓ select · Enter details · Ctrl-O open · Ctrl-C quit")
        #expect(status(.loading) == "⠋ searching “swift”…")
        #expect(status(.loading, spinner: 1) == "⠙ searching “swift”…")
        #expect(status(.loadingNextPage) == "⠋ loading more… (3 of 1,234)")
        #expect(status(.loaded) == "3 of 1,234 repositories")
        #expect(status(.empty) == "no repositories match “swift”")
        #expect(status(.rateLimited(secondsLeft: 42)) == "rate limited — retry in 42s")
        #expect(status(.loaded, error: "HTTP 500: Server Error") == "HTTP 500: Server Error")
    }

    @Test func starsAndCounts() {
        #expect(
            [0, 999, 1000, 1234, 12_345, 99_999, 100_000, 123_456, 1_234_567].map(SearchScreenRenderer.formatStars)
                == ["0", "999", "1k", "1.2k", "12.3k", "99.9k", "100k", "123k", "1.2M"])
        #expect([0, 999, 1000, 1_234_567].map(SearchScreenRenderer.grouped) == ["0", "999", "1,000", "1,234,567"])
        #expect(SearchScreenRenderer.wrap("迷わないための入門書", width: 6) == ["迷わな", "いため", "の入門", "書"])
    }
}
