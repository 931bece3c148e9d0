import Foundation
import Testing

/// What the real screen shows, read back from tmux: the start screen's catalog line and help line, the query's
/// matches in an SGR attribute, the stale marker while a new query is debounced, and an empty result's
/// suggestion.
@Suite(.serialized) struct TerminalScreenContentEndToEndTests {
    @Test func theStartScreenNamesTheCatalogAndTheOrder() throws {
        guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
        defer { session.kill() }
        #expect(session.launchDemo(binary), "the app shows its idle screen")
        // The view's first frame (drawn before the model's first state arrives) has no note yet.
        let catalogLine = "  Offline catalog: 1,603 repositories, snapshot 2026-11-30"
        #expect(session.waitForScreen { $0.contains(catalogLine) }, "\(session.screen)")

        let lines = session.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 30, "\(session.screen)")
        #expect(lines.first == "Search:")
        #expect(lines.dropFirst(2).first == catalogLine)
        #expect(
            lines.prefix(30).last
                == "Type to search · Tab order: best match → stars → updated · ↑↓ select · Enter details · Ctrl-C quit")

        session.press("C-c")
        #expect(session.waitForScreen { $0.contains("--offline") && !$0.contains("Search:") }, "\(session.screen)")
    }

    /// A long debounce (2 s) keeps the typed query waiting, so the marker can be read before the search runs.
    /// `NO_COLOR` is unset for the app (`swift test` may set it), so matches are highlighted.
    @Test func matchesAreStyledAndStaleResultsSaySoWhileTheNextQueryWaits() throws {
        guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
        defer { session.kill() }
        #expect(session.launchDemo(binary, after: "env -u NO_COLOR ", debounce: 2000), "the app shows its idle screen")

        session.type("研修")
        #expect(session.waitForScreen { $0.contains("4 of 4 repositories") }, "\(session.screen)")
        // An unselected row: the matched word alone is bold and underlined (SGR 1;4), then reset. tmux writes its
        // own colour resets around it, so the row is found by its text without SGRs, then checked for the span.
        let plainRow = "  mixi-inc/AndroidTraining           2.2k  Java        新卒研修用 Android トレーニング教材"
        let styled = session.styledScreen
        let row = styled.split(separator: "\n").map(String.init).first {
            withoutSGR($0) == plainRow
        }
        #expect(row?.contains("新卒\u{1B}[1;4m研修\u{1B}[0m") == true, "\(styled.debugDescription)")

        session.type(" hatena")
        let stale = session.waitForScreen { screen in
            screen.hasPrefix("Search: 研修 hatena")
                && screen.split(separator: "\n").contains("results for “研修” — 4 of 4 repositories")
        }
        #expect(stale, "the list says whose results it still shows:\n\(session.screen)")
        let searched = session.waitForScreen { screen in
            screen.split(separator: "\n").contains("1 of 1 repository") && !screen.contains("results for")
        }
        #expect(searched, "the new query's results replace the marker:\n\(session.screen)")

        session.press("C-u")
        session.type("kingfsher")
        let suggested = session.waitForScreen {
            $0.split(separator: "\n").contains("no repositories match “kingfsher” — try “kingfisher”")
        }
        #expect(suggested, "\(session.screen)")

        session.press("C-c")
        #expect(session.waitForScreen { $0.contains("--offline") && !$0.contains("Search:") }, "\(session.screen)")
        #expect(session.lastExitStatus == 0, "the shell is back and the app exited with 0")
    }
}

/// `line` without its SGR sequences (ESC `[` digits and semicolons `m`).
private func withoutSGR(_ line: String) -> String {
    var kept = String.UnicodeScalarView()
    var scalars = line.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        guard scalar == "\u{1B}" else {
            kept.append(scalar)
            continue
        }
        // Skip "[", the parameters and the final "m".
        while let next = scalars.next(), next != "m" {}
    }
    return String(kept)
}
