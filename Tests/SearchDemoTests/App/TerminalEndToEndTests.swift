import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One real run: the built `search-demo` binary in tmux, driven by keys, read back from the pane.
@Suite(.serialized) struct TerminalEndToEndTests {
    @Test func offlineSearchWithJapaneseDetailAndQuitRestoresTheTerminal() throws {
        guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
        defer { session.kill() }

        #expect(session.launchDemo(binary), "the app shows its idle screen")
        #expect(session.alternateScreen == true)

        session.type("研修")
        let results = session.waitForScreen {
            $0.contains("hatena/Hatena-Textbook") && $0.contains("of 4 repositories")
        }
        #expect(results, "results for 研修 are on screen:\n\(session.screen)")
        #expect(session.screen.contains("はてな研修用教科書"))
        #expect(session.screen.hasPrefix("Search: 研修"))

        session.press("Down")
        session.press("Enter")
        let detail = session.waitForScreen { $0.contains("URL       https://github.com/") && $0.contains("Esc back") }
        #expect(detail, "the detail view is on screen:\n\(session.screen)")

        session.press("C-c")
        #expect(session.waitForScreen { !$0.contains("Esc back") && $0.contains("--offline") }, "\(session.screen)")
        #expect(session.alternateScreen == false)
        #expect(session.lastExitStatus == 0, "the shell is back and the app exited with 0")
    }

    /// A paste holding a line break, a tab, Ctrl-C, Ctrl-U and an erase-screen sequence, through tmux's
    /// bracketed paste: it is searched as text, nothing is pressed (no detail view, no quit, no cleared line),
    /// and the screen is not erased.
    @Test func aPasteWithControlCharactersIsSearchedAsText() throws {
        guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
        defer { session.kill() }
        #expect(session.launchDemo(binary), "the app shows its idle screen")

        session.paste("\n\u{03}\u{15}研\u{1B}[2J\t")
        let searched = session.waitForScreen {
            $0.hasPrefix("Search:  研[2J") && $0.contains("repositories") && !$0.contains("Type to search")
        }
        #expect(searched, "the paste is the query:\n\(session.screen)")
        session.press("C-u")
        session.type("研修")
        #expect(session.waitForScreen { $0.contains("hatena/Hatena-Textbook") }, "\(session.screen)")
        #expect(!session.screen.contains("Esc back"))
        #expect(session.alternateScreen == true)

        session.press("C-c")
        #expect(session.waitForScreen { $0.contains("--offline") && !$0.contains("Search:") }, "\(session.screen)")
        #expect(session.alternateScreen == false)
        #expect(session.lastExitStatus == 0, "the shell is back and the app exited with 0")
    }

    #if os(Linux)
        /// SIGINT, SIGTERM or SIGHUP sent to the running app while results show: it dies of the signal, and the
        /// terminal is back as it was (normal screen, the same `stty` modes).
        @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
        func aSignalWhileRunningRestoresTheTerminal(signal: Int32) throws {
            guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
            defer { session.kill() }
            #expect(session.launchDemo(binary, after: "s=$(stty -g); "), "the app shows its idle screen")
            session.type("研修")
            #expect(session.waitForScreen { $0.contains("of 4 repositories") }, "\(session.screen)")
            let app = try #require(session.childOfPaneProcess, "the app's process id")

            #expect(Glibc.kill(app, signal) == 0)

            // The shell gives up the rest of a command line whose program died of SIGINT, so check afterwards,
            // once the app is gone (typed earlier, the check could reach the dying app instead of the shell).
            let ended = session.waitForScreen { _ in
                session.alternateScreen == false && [nil, "Z"].contains(processState(app))
            }
            #expect(ended, "\(session.screen)")
            // The shell computes "same-modes-42", so the typed command line can never match it.
            session.type("echo status=$?; [ \"$s\" = \"$(stty -g)\" ] && echo same-modes-$((6*7))")
            session.press("Enter")
            let restored = session.waitForScreen {
                $0.contains("status=\(128 + signal)") && $0.contains("same-modes-42")
            }
            #expect(restored, "the app died of the signal and the modes are back:\n\(session.screen)")
        }
    #endif

    /// The live window shrunk to 1×1 while results show, then grown back: the app keeps running, draws what
    /// fits in the single cell, redraws the whole screen at the normal size, and quitting restores the terminal.
    @Test func resizingTheLiveWindowToOneByOneAndBackRedrawsAndQuitRestores() throws {
        guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
        defer { session.kill() }
        #expect(session.launchDemo(binary), "the app shows its idle screen")
        session.type("研修")
        let results = { (screen: String) in
            screen.hasPrefix("Search: 研修") && screen.contains("hatena/Hatena-Textbook")
                && screen.contains("of 4 repositories")
        }
        #expect(session.waitForScreen(results), "results for 研修 are on screen:\n\(session.screen)")

        session.resize(columns: 1, rows: 1)
        #expect(session.size == "1x1")
        // One cell: the search line cut to its ellipsis, and nothing from the list or the status bar.
        let oneCell = session.waitForScreen { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "…" }
        #expect(oneCell, "\(session.screen.debugDescription)")
        session.resize(columns: 2, rows: 1)
        let twoCells = session.waitForScreen { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "S…" }
        #expect(twoCells, "\(session.screen.debugDescription)")
        session.resize(columns: 100, rows: 30)
        #expect(session.waitForScreen(results), "the whole screen is redrawn at 100×30:\n\(session.screen)")
        #expect(session.alternateScreen == true)

        session.press("C-c")
        #expect(
            session.waitForScreen { !$0.contains("of 4 repositories") && $0.contains("--offline") }, "\(session.screen)"
        )
        #expect(session.alternateScreen == false)
        #expect(session.lastExitStatus == 0, "the shell is back and the app exited with 0")
    }
}
