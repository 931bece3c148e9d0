import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Job control with the built binary in tmux: Ctrl-Z, or SIGTSTP from outside, gives the terminal back
/// (normal screen, the shell's `stty` modes) and stops the app; `fg` takes the terminal again, redraws the
/// query and the results, and typing works. Linux only: it watches the app's state in `/proc`.
@Suite(.serialized) struct TerminalSuspendEndToEndTests {
    enum Suspension: String, CaseIterable, Sendable {
        case ctrlZ
        case sigtstpFromOutside
    }

    @Test(.enabled(if: processState(getpid()) != nil, "needs /proc"), arguments: Suspension.allCases)
    func suspendingGivesTheTerminalBackAndFgRedraws(suspension: Suspension) throws {
        guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
        defer { session.kill() }
        #expect(session.launchDemo(binary, after: "s=$(stty -g); "), "the app shows its idle screen")
        session.type("研修")
        let results = { (screen: String) in
            screen.hasPrefix("Search: 研修") && screen.contains("hatena/Hatena-Textbook")
                && screen.contains("4 of 4 repositories")
        }
        #expect(session.waitForScreen(results), "results for 研修:\n\(session.screen)")

        let app = try #require(session.childOfPaneProcess, "the app's process id")
        switch suspension {
        case .ctrlZ: session.press("C-z")
        case .sigtstpFromOutside: #expect(kill(app, SIGTSTP) == 0)
        }
        // Typed before the app has stopped, the check below could reach the app instead of the shell.
        let suspended = session.waitForScreen(timeout: 20) { _ in
            session.alternateScreen == false && processState(app) == "T"
        }
        #expect(suspended, "the app stopped and the normal screen is back:\n\(session.screen)")
        // The shell computes the markers, so the typed command lines can never match them.
        session.enter("[ \"$s\" = \"$(stty -g)\" ] && echo same-modes-$((6*7))")
        #expect(session.waitForScreen(timeout: 20) { $0.contains("same-modes-42") }, "\(session.screen)")

        session.enter("fg")
        let resumed = session.waitForScreen(timeout: 20) { results($0) && session.alternateScreen == true }
        #expect(resumed, "the query and the results are drawn again:\n\(session.screen)")
        session.type("x")
        let typed = session.waitForScreen(timeout: 20) {
            $0.hasPrefix("Search: 研修x") && $0.contains("no repositories match “研修x”")
        }
        #expect(typed, "typing works after fg:\n\(session.screen)")

        session.press("C-c")
        #expect(session.waitForScreen(timeout: 20) { _ in session.alternateScreen == false }, "\(session.screen)")
        #expect(session.lastExitStatus == 0, "the app exited with 0")
        session.enter("[ \"$s\" = \"$(stty -g)\" ] && echo same-modes-$((6*8))")
        #expect(session.waitForScreen(timeout: 20) { $0.contains("same-modes-48") }, "\(session.screen)")
    }
}
