import Foundation
import Streams
import StreamsMVCTest
import StreamsTest
import Testing

@testable import SearchDemo

/// The query's words highlighted in each row's name and description: folded like the catalog, only in the
/// searched columns, width-exact with wide characters, and off under `NO_COLOR` or `TERM=dumb`.
@MainActor @Suite struct MatchHighlighterTests {
    private let hit = MatchHighlighter.highlighted(.plain)

    private func terms(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }

    @Test func runsMarkEveryFoldedOccurrence() {
        #expect(
            MatchHighlighter.runs("RxSwift: swift for ＳＷＩＦＴ", terms: terms("swift"), base: .plain) == [
                StyledText("Rx"), StyledText("Swift", style: hit), StyledText(": "), StyledText("swift", style: hit),
                StyledText(" for "), StyledText("ＳＷＩＦＴ", style: hit),
            ])
        #expect(
            MatchHighlighter.runs("swift ui kit", terms: terms("swift ui", "kit"), base: .plain) == [
                StyledText("swift ui", style: hit), StyledText(" "), StyledText("kit", style: hit),
            ])
        #expect(MatchHighlighter.runs("plain", terms: terms("zzz"), base: .plain) == [StyledText("plain")])
    }

    @Test func wideCharactersKeepTheirWidth() {
        let text = "新卒研修用 iOS トレーニング"
        let runs = MatchHighlighter.runs(text, terms: terms("研修"), base: .plain)
        #expect(runs == [StyledText("新卒"), StyledText("研修", style: hit), StyledText("用 iOS トレーニング")])
        #expect(ScreenLine(spans: runs).width == DisplayWidth.of(text))
    }

    @Test func onlyTheNameAndDescriptionColumnsOfARow() throws {
        let repository = Repository(
            id: 1, name: "swift-nio", fullName: "apple/swift-nio", htmlURL: URL(string: "https://github.com/a/b")!,
            description: "Swift networking", language: "Swift", stargazersCount: 8_200, updatedAt: nil)
        var state = state("swift", .loaded, [repository], total: 1)
        state.selection = 0
        let line = SearchScreenRenderer.render(state: state, query: "swift", size: TerminalSize(rows: 3, columns: 80))[
            1]
        let row = MatchHighlighter.row(line, query: try SearchQuery.parse("swift"), columns: 80, base: .plain)
        #expect(row.spans.map(\.text).joined() == line)
        #expect(row.spans.filter { $0.style == hit }.map(\.text) == ["swift", "Swift"])
        let inName = MatchHighlighter.row(
            line, query: try SearchQuery.parse("swift in:name"), columns: 80, base: .plain)
        #expect(inName.spans.filter { $0.style == hit }.map(\.text) == ["swift"])
        let selected = MatchHighlighter.row(
            line, query: try SearchQuery.parse("NIO"), columns: 80, base: .init(bold: true))
        #expect(selected.spans.filter(\.style.isUnderlined).map(\.text) == ["nio"])
        #expect(selected.spans.allSatisfy { $0.style.isBold })
    }

    @Test func offUnderNoColorOrDumb() throws {
        #expect(MatchHighlighter.isWanted(environment: ["TERM": "xterm-256color"]))
        #expect(MatchHighlighter.isWanted(environment: ["NO_COLOR": ""]))
        #expect(!MatchHighlighter.isWanted(environment: ["NO_COLOR": "1"]))
        #expect(!MatchHighlighter.isWanted(environment: ["TERM": "dumb"]))
        let command = try CommandLineOptions.parse(["--offline"], environment: ["NO_COLOR": "1"])
        guard case .run(let options) = command else {
            Issue.record("\(command)")
            return
        }
        #expect(!options.highlightsMatches)
    }

    /// The view highlights the words of the query its results belong to, and nothing when it should not.
    @Test func theViewDrawsHighlightsOnlyWhenWanted() {
        for wanted in [true, false] {
            let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
            var last: Frame?
            let view = SearchTerminalView(
                size: TerminalSize(rows: 3, columns: 60), scheduler: scheduler, highlightsMatches: wanted
            ) { frame, _ in last = frame }
            let states = scheduler.createHotObservable([.next(10, state("repo", .loaded, [repository(1)], total: 1))])
            ScreenTestStore.run(scheduler: scheduler) { _, recorder in
                let stream = states.asObservable()
                return Disposables.create(stream.subscribe(recorder), view.update(stateStream: stream))
            } _: { (store: ScreenTestStore<SearchEvent, SearchState>) in
                store.advance(to: 100)
                store.skipReceivedStates()
            }
            let underlined = last?.lines[1].spans.filter(\.style.isUnderlined).map(\.text) ?? []
            #expect(underlined == (wanted ? ["repo", "repo"] : []), "\(wanted)")
        }
    }
}
