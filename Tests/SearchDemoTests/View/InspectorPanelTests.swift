import Foundation
import Streams
import Testing

@testable import SearchDemo

/// The inspector panel's layout for a fixed snapshot text: the title, lines cut to the width, the height limit
/// with its "… N more" line, the empty snapshot, tiny sizes and hostile text; and how the screen shares its rows
/// with the panel.
@Suite struct InspectorPanelTests {
    /// A snapshot's text as the panel receives it (the layout does not parse it: any lines will do).
    private static let tree = """
        subscribe  SearchTerminalView.swift:61  elements 3  last "SearchState(query: swift)"
          distinctUntilChanged  SearchTerminalView.swift:61  elements 3
            flatMapLatest  FlatMapController.swift:66  [search]  elements 2
              fromAsync  SearchController.swift:44  [request]  elements 0
            debounce  SearchController.swift:86  elements 5  last "swift"
        """

    @Test func aTreeThatFitsIsShownWholeUnderItsTitle() {
        let lines = InspectorPanel.lines(tree: Self.tree, columns: 100, rows: 8)
        #expect(
            lines == [
                "─ Inspector · 5 lines · Ctrl-T hides " + String(repeating: "─", count: 63),
                "subscribe  SearchTerminalView.swift:61  elements 3  last \"SearchState(query: swift)\"",
                "  distinctUntilChanged  SearchTerminalView.swift:61  elements 3",
                "    flatMapLatest  FlatMapController.swift:66  [search]  elements 2",
                "      fromAsync  SearchController.swift:44  [request]  elements 0",
                "    debounce  SearchController.swift:86  elements 5  last \"swift\"",
            ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 100 })
    }

    @Test func linesAreCutToTheWidthKeepingTheirIndentation() {
        let lines = InspectorPanel.lines(tree: Self.tree, columns: 40, rows: 8)
        #expect(
            lines == [
                "─ Inspector · 5 lines · Ctrl-T hides ───",
                "subscribe  SearchTerminalView.swift:61 …",
                "  distinctUntilChanged  SearchTerminalV…",
                "    flatMapLatest  FlatMapController.sw…",
                "      fromAsync  SearchController.swift…",
                "    debounce  SearchController.swift:86…",
            ])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    @Test func aTallTreeStopsAtTheHeightAndSaysHowManyLinesAreLeftOut() {
        let lines = InspectorPanel.lines(tree: Self.tree, columns: 100, rows: 4)
        #expect(
            lines.dropFirst() == [
                "subscribe  SearchTerminalView.swift:61  elements 3  last \"SearchState(query: swift)\"",
                "  distinctUntilChanged  SearchTerminalView.swift:61  elements 3",
                "… 3 more",
            ])
        // Two rows: the title and the count alone.
        #expect(InspectorPanel.lines(tree: Self.tree, columns: 100, rows: 2).last == "… 5 more")
        let thousand = (1...1_200).map { "node \($0)" }.joined(separator: "\n")
        #expect(InspectorPanel.lines(tree: thousand, columns: 20, rows: 3).last == "… 1,199 more")
    }

    @Test func anEmptySnapshotSaysSo() {
        #expect(
            InspectorPanel.lines(tree: "", columns: 120, rows: 5) == [
                "─ Inspector · 0 lines · Ctrl-T hides " + String(repeating: "─", count: 83),
                "no live subscriptions recorded (Inspector.isEnabled was off when they were built)",
            ])
    }

    @Test func tinySizesDrawWhatFitsAndNeverMore() {
        #expect(InspectorPanel.lines(tree: Self.tree, columns: 100, rows: 0) == [])
        #expect(InspectorPanel.lines(tree: Self.tree, columns: 0, rows: 5) == [])
        #expect(InspectorPanel.lines(tree: Self.tree, columns: 1, rows: 3) == ["…", "…", "…"])
        #expect(InspectorPanel.lines(tree: Self.tree, columns: 9, rows: 1) == ["─ Inspec…"])
    }

    /// A node's last element can be a repository's description from the network: it is drawn terminal-safe,
    /// and a wide character that would straddle the edge is left out.
    @Test func hostileAndWideTextIsDrawnSafelyWithinTheWidth() {
        let tree = "map  SearchController.swift:120  last \"evil\u{1B}]0;pwned\u{07}\u{202E}x\"\n  研修研修研修"
        let lines = InspectorPanel.lines(tree: tree, columns: 11, rows: 3)
        #expect(lines.dropFirst() == ["map  Searc…", "  研修研修…"])
        let wide = InspectorPanel.lines(tree: tree, columns: 60, rows: 3)
        #expect(wide[1] == "map  SearchController.swift:120  last \"evil�]0;pwned��x\"")
        #expect(!wide.joined().unicodeScalars.contains(where: TerminalSafeText.isUnsafe))
    }

    /// The trees that carry a tag come first (the controller's chains above the view's bindings), each group
    /// in the snapshot's order.
    @Test func taggedTreesComeFirst() {
        let scope = Inspector.RecordingScope()
        let subject = PublishSubject<Int>()
        let subscriptions = Inspector.withRecording(scope) {
            [
                subject.map { $0 + 1 }.subscribe(onNext: { _ in }),
                subject.filter { $0 > 0 }.tag("query").subscribe(onNext: { _ in }),
            ]
        }
        defer { for subscription in subscriptions { subscription.dispose() } }
        let lines = InspectorPanel.text(of: Inspector.snapshot(scope: scope)).split(separator: "\n")
        #expect(lines.count == 6, "\(lines)")
        #expect(lines.firstIndex { $0.contains("tag \"query\"") } == 1, "\(lines)")
        #expect(lines.firstIndex { $0.hasPrefix("  map  ") } == 4, "\(lines)")
    }

    // MARK: The screen with the panel

    @Test func theListKeepsItsTopThirdAndThePanelTakesTheRest() {
        #expect(
            SearchScreenRenderer.bodyRows(size: TerminalSize(rows: 30, columns: 100), showingInspector: false) == (
                28, 0
            ))
        #expect(
            SearchScreenRenderer.bodyRows(size: TerminalSize(rows: 30, columns: 100), showingInspector: true) == (9, 19)
        )
        #expect(
            SearchScreenRenderer.bodyRows(size: TerminalSize(rows: 8, columns: 100), showingInspector: true) == (2, 4))
        // Under six body rows the panel takes them all; none at all leaves only the search line and status bar.
        #expect(
            SearchScreenRenderer.bodyRows(size: TerminalSize(rows: 7, columns: 100), showingInspector: true) == (0, 5))
        #expect(
            SearchScreenRenderer.bodyRows(size: TerminalSize(rows: 2, columns: 100), showingInspector: true) == (0, 0))
        #expect(
            SearchScreenRenderer.bodyRows(size: TerminalSize(rows: 0, columns: 0), showingInspector: true) == (0, 0))
    }

    @Test func aFrameWithThePanel() {
        let swift = repository(1, "swift")
        let loaded = state("swift", .loaded, [swift, repository(2, "swiftui")], total: 2)
        let lines = SearchScreenRenderer.render(
            state: loaded, query: "swift", size: TerminalSize(rows: 10, columns: 50), overlay: .init(),
            inspector: Self.tree)
        #expect(
            lines == [
                "Search: swift",
                "> owner/swift1            10  Swift       reposit…",
                "  owner/swiftui2          20  Swift       reposit…",
                "─ Inspector · 5 lines · Ctrl-T hides ─────────────",
                "subscribe  SearchTerminalView.swift:61  elements …",
                "  distinctUntilChanged  SearchTerminalView.swift:…",
                "    flatMapLatest  FlatMapController.swift:66  [s…",
                "      fromAsync  SearchController.swift:44  [requ…",
                "    debounce  SearchController.swift:86  elements…",
                "2 of 2 repositories",
            ])
        // A short tree leaves the rest of the panel blank: the status bar stays on the last row.
        let short = SearchScreenRenderer.render(
            state: loaded, query: "swift", size: TerminalSize(rows: 12, columns: 50), overlay: .init(),
            inspector: "subscribe  A.swift:1")
        #expect(short.count == 12)
        #expect(short.suffix(7) == ["subscribe  A.swift:1", "", "", "", "", "", "2 of 2 repositories"])
        // At three rows the body is one row: the panel's title.
        let small = SearchScreenRenderer.render(
            state: loaded, query: "swift", size: TerminalSize(rows: 3, columns: 50), overlay: .init(),
            inspector: Self.tree)
        #expect(
            small == ["Search: swift", "─ Inspector · 5 lines · Ctrl-T hides ─────────────", "2 of 2 repositories"])
    }
}
