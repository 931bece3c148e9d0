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
            state: Self.loaded, query: "swift", size: TerminalSize(rows: 6, columns: 60))
        #expect(
            lines == [
                "Search: swift",
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
            state: Self.loaded, query: "swift", size: TerminalSize(rows: 4, columns: 30))
        #expect(
            lines == [
                "Search: swift",
                "  swiftlang/…  69.5k  C++    …",
                "> asciidwang…   1.2k  JavaScr…",
                "3 of 1,234 repositories",
            ])
    }

    @Test func theSelectionStaysVisibleWhenTheListScrolls() {
        var state = Self.loaded
        state.selection = 2
        let lines = SearchScreenRenderer.render(state: state, query: "swift", size: TerminalSize(rows: 4, columns: 40))
        #expect(
            lines == [
                "Search: swift", "  asciidwango/js…   1.2k  JavaScript", "> owner/😀-party       7",
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
        func status(_ phase: SearchState.Phase, error: String? = nil, spinner: Int = 0, columns: Int = 80) -> String {
            var state = Self.loaded
            state.phase = phase
            state.rateLimitRemaining = nil
            state.errorMessage = error
            let overlay = SearchScreenRenderer.Overlay(toast: error, spinnerFrame: spinner)
            return SearchScreenRenderer.render(
                state: state, query: "swift", size: TerminalSize(rows: 3, columns: columns), overlay: overlay
            ).last!
        }
        #expect(
            status(.idle, columns: 100)
                == "Type to search · Tab order: best match → stars → updated · ↑↓ select · Enter details · Ctrl-C quit")
        #expect(status(.loading) == "⠋ searching “swift”…")
        #expect(status(.loading, spinner: 1) == "⠙ searching “swift”…")
        #expect(status(.loadingNextPage) == "⠋ loading more… (3 of 1,234)")
        #expect(status(.loaded) == "3 of 1,234 repositories")
        #expect(status(.empty) == "no repositories match “swift”")
        #expect(status(.rateLimited(secondsLeft: 42)) == "rate limited — retry in 42 s")
        #expect(status(.loaded, error: "HTTP 500: Server Error") == "HTTP 500: Server Error")
    }

    /// A sort other than best match is named after the phase; an error toast stands alone.
    @Test func theStatusBarNamesTheSort() {
        func status(_ phase: SearchState.Phase, _ sort: SearchSort, error: String? = nil) -> String {
            var state = state("swift", phase, [Self.swift], total: 1)
            state.sort = sort
            return SearchScreenRenderer.render(
                state: state, query: "swift", size: TerminalSize(rows: 3, columns: 80), overlay: .init(toast: error)
            ).last!
        }
        #expect(status(.loaded, .bestMatch) == "1 of 1 repository")
        #expect(status(.loaded, .stars) == "1 of 1 repository · by stars")
        #expect(status(.loading, .updated) == "⠋ searching “swift”… · by recently updated")
        #expect(
            status(.loaded, .stars, error: "“stars:>>1”: “>1” is not a number") == "“stars:>>1”: “>1” is not a number")
    }

    /// Once results are in, the status bar says what was understood of the qualifiers (the words are on the
    /// search line); plain words add nothing.
    @Test func theStatusBarSaysWhatWasUnderstood() {
        func status(_ query: String, _ phase: SearchState.Phase) -> String {
            let state = state(query, phase, phase == .empty ? [] : [Self.swift], total: phase == .empty ? 0 : 1)
            return SearchScreenRenderer.render(state: state, query: query, size: TerminalSize(rows: 3, columns: 100))
                .last!
        }
        #expect(
            status("swift language:swift stars:>100 NOT ios", .loaded)
                == "1 of 1 repository · not “ios” · language swift · stars ≥ 101")
        #expect(status("user:apple", .empty) == "no repositories match “user:apple” · owner apple")
        #expect(status("swift", .loaded) == "1 of 1 repository")
        #expect(status("swift language:swift", .loading) == "⠋ searching “swift language:swift”…")
    }

    /// Results of an earlier query are never shown without saying so: while a new query is typed (debouncing),
    /// loading or waiting out a rate limit, the status bar names the query the list belongs to.
    @Test func staleResultsSayWhoseTheyAre() {
        func status(line: String, query: String, _ phase: SearchState.Phase) -> String {
            var state = state(query, phase, [Self.swift], total: 1, resultsFor: "a")
            state.sort = .bestMatch
            return SearchScreenRenderer.render(state: state, query: line, size: TerminalSize(rows: 3, columns: 80))
                .last!
        }
        #expect(status(line: "a", query: "a", .loaded) == "1 of 1 repository")
        #expect(status(line: "re", query: "a", .loaded) == "results for “a” — 1 of 1 repository")
        #expect(status(line: "react", query: "react", .loading) == "results for “a” — ⠋ searching “react”…")
        #expect(
            status(line: "react", query: "react", .rateLimited(secondsLeft: 5))
                == "results for “a” — rate limited — retry in 5 s")
        #expect(status(line: "", query: "a", .loaded) == "1 of 1 repository")
        #expect(status(line: " a ", query: "a", .loaded) == "1 of 1 repository")
    }

    /// The start screen says what the offline catalog is; the help line says how results are ordered and which
    /// key changes it.
    @Test func theStartScreenNamesTheCatalogAndTheOrder() {
        var state = SearchState()
        state.note = "Offline catalog: 1,603 repositories, snapshot 2026-11-30"
        let lines = SearchScreenRenderer.render(state: state, query: "", size: TerminalSize(rows: 5, columns: 100))
        #expect(
            lines == [
                "Search:",
                "",
                "  Offline catalog: 1,603 repositories, snapshot 2026-11-30",
                "",
                "Type to search · Tab order: best match → stars → updated · ↑↓ select · Enter details · Ctrl-C quit",
            ])
        // Once typing starts, the list area is the results'.
        let typing = SearchScreenRenderer.render(state: state, query: "sw", size: TerminalSize(rows: 4, columns: 100))
        #expect(typing[2] == "")
    }

    /// A query that matches nothing says so, and names a query that would match when the backend found one.
    @Test func anEmptyResultSuggestsAQueryThatMatches() {
        var state = state("swfit", .empty, [], total: 0)
        state.suggestion = "swift"
        let lines = SearchScreenRenderer.render(state: state, query: "swfit", size: TerminalSize(rows: 3, columns: 80))
        #expect(lines.last == "no repositories match “swfit” — try “swift”")
        state.suggestion = nil
        let plain = SearchScreenRenderer.render(state: state, query: "swfit", size: TerminalSize(rows: 3, columns: 80))
        #expect(plain.last == "no repositories match “swfit”")
    }

    /// One result reads "1 of 1 repository"; the count agrees with its noun everywhere.
    @Test func countsAgreeWithTheirNoun() {
        func status(results: Int, total: Int, phase: SearchState.Phase = .loaded) -> String {
            var state = state("q", phase, (0..<results).map { repository($0 + 1) }, total: total)
            state.rateLimitRemaining = 1_500
            return SearchScreenRenderer.render(state: state, query: "q", size: TerminalSize(rows: 3, columns: 60)).last!
        }
        func bar(_ left: String) -> String {
            left + String(repeating: " ", count: 60 - DisplayWidth.of(left) - 15) + "API: 1,500 left"
        }
        #expect(status(results: 1, total: 1) == bar("1 of 1 repository"))
        #expect(status(results: 1, total: 2) == bar("1 of 2 repositories"))
        #expect(status(results: 0, total: 0, phase: .empty) == bar("no repositories match “q”"))
    }

    /// A repository whose texts carry escape sequences, C1 controls, DEL and bidi overrides: the list row,
    /// the detail view and the frame the writer sends show them as U+FFFD, never raw.
    @Test func hostileRepositoryTextIsShownTerminalSafe() {
        let hostile = Repository(
            id: 9, name: "x", fullName: "evil/\u{1B}[2Jx", htmlURL: URL(string: "https://github.com/evil/x")!,
            description: "clip\u{1B}]52;c;SGVsbG8=\u{07}\u{202E}txt.exe\u{7F}\u{9D}", language: "\u{1B}[31mC",
            stargazersCount: 1, updatedAt: nil)
        var state = state("x", .loaded, [hostile], total: 1)
        let list = SearchScreenRenderer.render(state: state, query: "x", size: TerminalSize(rows: 3, columns: 100))
        #expect(
            list[1] == "> evil/�[2Jx" + String(repeating: " ", count: 28)
                + "1  �[31mC      clip�]52;c;SGVsbG8=��txt.exe��")
        state.detail = hostile
        let detail = SearchScreenRenderer.render(state: state, query: "x", size: TerminalSize(rows: 9, columns: 100))
        #expect(detail[2] == "  evil/�[2Jx")
        #expect(detail[4] == "  clip�]52;c;SGVsbG8=��txt.exe��")
        #expect(detail[6] == "  Language  �[31mC")
        var writer = ScreenWriter()
        let output = writer.render(Frame(plainLines: list + detail), size: TerminalSize(rows: 12, columns: 100))
        let text = withoutWriterSequences(output)
        let unsafe: (Unicode.Scalar) -> Bool = { scalar in
            [0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069].contains { $0.contains(scalar.value) }
        }
        #expect(!text.unicodeScalars.contains(where: unsafe))
    }

    @Test func starsAndCounts() {
        #expect(
            [0, 999, 1000, 1234, 12_345, 99_999, 100_000, 123_456, 1_234_567].map(SearchScreenRenderer.formatStars)
                == ["0", "999", "1k", "1.2k", "12.3k", "99.9k", "100k", "123k", "1.2M"])
        #expect(SearchScreenRenderer.wrap("迷わないための入門書", width: 6) == ["迷わな", "いため", "の入門", "書"])
    }
}
