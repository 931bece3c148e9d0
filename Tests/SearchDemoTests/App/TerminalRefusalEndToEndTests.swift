import Foundation
import Testing

/// The built binary in tmux where the full-screen UI must not start: output redirected, input redirected,
/// output into a pipe, and terminals without cursor addressing. Each time: one line on standard error, exit
/// status 2, no escape sequence written, the terminal's modes untouched.
@Suite(.serialized) struct TerminalRefusalEndToEndTests {
    /// How the demo is started, with `BIN` and `OUT` standing for the binary and a scratch file.
    enum Launch: String, CaseIterable, Sendable {
        case outputToAFile = "'BIN' --offline --debounce 50 > 'OUT'; echo status=$?"
        case inputFromDevNull = "'BIN' --offline --debounce 50 < /dev/null; echo status=$?"
        case outputIntoAPipe = "{ 'BIN' --offline --debounce 50; echo status=$? >&2; } | cat > 'OUT'"
        case dumbTerminal = "TERM=dumb 'BIN' --offline --debounce 50; echo status=$?"
        case noTermAtAll = "env -u TERM 'BIN' --offline --debounce 50; echo status=$?"

        var message: String {
            switch self {
            case .outputToAFile, .outputIntoAPipe: "search-demo: the terminal UI needs a terminal on standard output"
            case .inputFromDevNull: "search-demo: the terminal UI needs a terminal on standard input"
            case .dumbTerminal: "search-demo: the terminal UI needs cursor addressing and an alternate screen"
            case .noTermAtAll: "search-demo: TERM is not set"
            }
        }
    }

    @Test(arguments: Launch.allCases)
    func refusesInOneLineAndLeavesTheTerminalAlone(launch: Launch) throws {
        guard case (let session, let binary)? = try TmuxSession.atShellPrompt() else { return }
        defer { session.kill() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("refusal-\(UUID().uuidString)")
        let recorded = scratch.appendingPathExtension("pane")
        try Data().write(to: scratch)
        defer {
            try? FileManager.default.removeItem(at: scratch)
            try? FileManager.default.removeItem(at: recorded)
        }
        session.enter("s=$(stty -g)")
        session.recordOutput(to: recorded)
        session.enter(
            launch.rawValue.replacingOccurrences(of: "BIN", with: binary.path)
                .replacingOccurrences(of: "OUT", with: scratch.path))

        let refused = session.waitForScreen(timeout: 20) { $0.contains("status=2") }
        #expect(refused, "exit status 2:\n\(session.screen)")
        #expect(session.screen.contains(launch.message), "\(session.screen)")
        #expect(session.alternateScreen == false)
        // The shell computes "same-modes-42", so the typed command line can never match it.
        session.enter("[ \"$s\" = \"$(stty -g)\" ] && echo same-modes-$((6*7))")
        #expect(session.waitForScreen(timeout: 20) { $0.contains("same-modes-42") }, "modes kept:\n\(session.screen)")
        #expect(try String(contentsOf: scratch, encoding: .utf8) == "", "nothing drawn into the file or pipe")
        let written = try String(contentsOf: recorded, encoding: .utf8)
        #expect(!written.contains("\u{1B}"), "no escape sequence reached the terminal: \(written.debugDescription)")
    }
}
