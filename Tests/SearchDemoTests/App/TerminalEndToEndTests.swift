import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One real run: the built `search-demo` binary in tmux, driven by keys, read back from the pane.
@Suite(.serialized) struct TerminalEndToEndTests {
    /// The `search-demo` next to the test bundle (SwiftPM builds it with the tests).
    private static var binary: URL? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map {
            $0.appendingPathComponent("search-demo")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private static var tmux: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A tmux session (100×30) at a shell prompt, and the built demo; `nil`, and the test skipped, without tmux.
    private static func shellSession(
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (session: TmuxSession, binary: URL)? {
        guard let tmux else {
            print("SKIPPED TerminalEndToEndTests: tmux is not installed")
            return nil
        }
        let binary = try #require(
            Self.binary, "build search-demo first (swift build --build-tests builds it)", sourceLocation: sourceLocation
        )
        let session = TmuxSession(tmux: tmux)
        do {
            try session.start(columns: 100, rows: 30)
        } catch {
            session.kill()
            throw error
        }
        #expect(session.waitForScreen { $0.contains("$") }, "the shell prompt", sourceLocation: sourceLocation)
        return (session, binary)
    }

    @Test func offlineSearchWithJapaneseDetailAndQuitRestoresTheTerminal() throws {
        guard case (let session, let binary)? = try Self.shellSession() else { return }
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
        guard case (let session, let binary)? = try Self.shellSession() else { return }
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
            guard case (let session, let binary)? = try Self.shellSession() else { return }
            defer { session.kill() }
            #expect(session.launchDemo(binary, after: "s=$(stty -g); "), "the app shows its idle screen")
            session.type("研修")
            #expect(session.waitForScreen { $0.contains("of 4 repositories") }, "\(session.screen)")
            let app = try #require(session.childOfPaneProcess, "the app's process id")

            #expect(Glibc.kill(app, signal) == 0)

            // The shell gives up the rest of a command line whose program died of SIGINT, so check afterwards.
            #expect(session.waitForScreen { _ in session.alternateScreen == false }, "\(session.screen)")
            // The shell computes "same-modes-42", so the typed command line can never match it.
            session.type("echo status=$?; [ \"$s\" = \"$(stty -g)\" ] && echo same-modes-$((6*7))")
            session.press("Enter")
            let restored = session.waitForScreen {
                $0.contains("status=\(128 + signal)") && $0.contains("same-modes-42")
            }
            #expect(restored, "the app died of the signal and the modes are back:\n\(session.screen)")
        }

        /// The output pipe closing under the running app: its next frame fails to write, and it quits with the
        /// terminal's modes restored.
        @Test func theOutputPipeClosingQuitsAndRestoresTheTerminal() throws {
            guard case (let session, let binary)? = try Self.shellSession() else { return }
            defer { session.kill() }
            // The app's output goes to a reader that exits, closing the pipe, once the test creates `marker`;
            // the app's exit status goes to standard error, which is still the terminal.
            let marker = FileManager.default.temporaryDirectory.appendingPathComponent("closed-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: marker) }
            session.type(
                "s=$(stty -g); { '\(binary.path)' --offline --debounce 50; echo app-status=$? >&2; } "
                    + "| { while [ ! -e '\(marker.path)' ]; do sleep 0.05; done; }; "
                    + "[ \"$s\" = \"$(stty -g)\" ] && echo same-modes-$((6*7))")
            session.press("Enter")
            let raw = session.waitForScreen { _ in session.terminalModes?.contains("-icanon") == true }
            #expect(raw, "the app is running its session (raw mode)")
            try Data().write(to: marker)
            // Keys make the app draw again; the first draw after the reader is gone fails and ends the app.
            var quit = false
            for _ in 0..<100 where !quit {
                session.type("x")
                quit = session.waitForScreen(timeout: 0.2) { $0.contains("same-modes-42") }
            }
            #expect(quit, "the app quit with the terminal's modes restored:\n\(session.screen)")
            #expect(session.screen.contains("app-status=1"), "\(session.screen)")
            #expect(session.alternateScreen == false)
        }
    #endif

    /// The live window shrunk to 1×1 while results show, then grown back: the app keeps running, draws what
    /// fits in the single cell, redraws the whole screen at the normal size, and quitting restores the terminal.
    @Test func resizingTheLiveWindowToOneByOneAndBackRedrawsAndQuitRestores() throws {
        guard case (let session, let binary)? = try Self.shellSession() else { return }
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

/// A detached tmux session on a private server socket, so the test never touches anyone's tmux.
private final class TmuxSession {
    private let tmux: String
    private let socket = "search-demo-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    init(tmux: String) { self.tmux = tmux }

    func start(columns: Int, rows: Int) throws {
        let status = run(
            ["new-session", "-d", "-s", "demo", "-x", "\(columns)", "-y", "\(rows)", "env PS1='$ ' sh"], capture: false)
        guard status.code == 0 else { throw TmuxError(message: "tmux new-session failed: \(status.output)") }
    }

    func resize(columns: Int, rows: Int) {
        _ = run(["resize-window", "-t", "demo", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// `<columns>x<rows>` of the window.
    var size: String {
        run(["display-message", "-t", "demo", "-p", "#{window_width}x#{window_height}"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Pastes `text` the way a terminal does, bracketed when the app asked for it (`paste-buffer -p`).
    func paste(_ text: String) {
        _ = run(["set-buffer", "-b", "paste", "--", text])
        _ = run(["paste-buffer", "-p", "-d", "-b", "paste", "-t", "demo"])
    }

    /// Starts the demo on the offline catalog (after `prefix`, shell code on the same line); returns whether
    /// its idle screen showed.
    func launchDemo(_ binary: URL, after prefix: String = "") -> Bool {
        type("\(prefix)'\(binary.path)' --offline --debounce 50")
        press("Enter")
        return waitForScreen { $0.contains("Type to search") }
    }

    /// The exit status of the shell's last command, read back with `echo` (`nil` if it never showed).
    var lastExitStatus: Int32? {
        // The shell computes the marker, so the typed command line can never match it.
        type("echo exit-status-$((40+2))=$?")
        press("Enter")
        var status: Int32?
        _ = waitForScreen { screen in
            guard let range = screen.range(of: "exit-status-42=") else { return false }
            status = Int32(screen[range.upperBound...].prefix { $0.isNumber })
            return status != nil
        }
        return status
    }

    func type(_ text: String) { _ = run(["send-keys", "-t", "demo", "-l", text]) }
    func press(_ key: String) { _ = run(["send-keys", "-t", "demo", key]) }

    var screen: String { run(["capture-pane", "-t", "demo", "-p"]).output }

    var alternateScreen: Bool? {
        switch run(["display-message", "-t", "demo", "-p", "#{alternate_on}"]).output.trimmingCharacters(
            in: .whitespacesAndNewlines)
        {
        case "1": true
        case "0": false
        default: nil
        }
    }

    /// `stty -a` of the pane's terminal, read from outside.
    var terminalModes: String? {
        let tty = run(["display-message", "-t", "demo", "-p", "#{pane_tty}"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard
            let stty = ["/usr/bin/stty", "/bin/stty"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        let result = ChildProcess.run(stty, ["-F", tty, "-a"], environment: [:], capture: true)
        return result.code == 0 ? result.output : nil
    }

    /// The process id of the pane's shell's (first) child: the program it is running.
    var childOfPaneProcess: pid_t? {
        let shell = run(["display-message", "-t", "demo", "-p", "#{pane_pid}"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Polls the pane every 50 ms for up to `timeout` seconds (default generous: CI machines are shared)
    /// until `condition` holds.
    func waitForScreen(timeout: TimeInterval = 60, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(screen) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return condition(screen)
    }

    func kill() { _ = run(["kill-server"]) }

    /// Runs one tmux command. `capture: false` for the command that starts the server, which would
    /// otherwise inherit the pipe and keep it open.
    private func run(_ arguments: [String], capture: Bool = true) -> (code: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        return ChildProcess.run(
            tmux, ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment, capture: capture)
    }
}

/// `posix_spawn` + `waitpid` with an empty signal mask and default handlers in the child.
///
/// Not `Foundation.Process`: a child started from a test's thread inherits its blocked signals, and
/// `waitUntilExit()` was seen to hang after the tmux client had exited.
enum ChildProcess {
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String], capture: Bool
    ) -> (code: Int32, output: String) {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var fds: [Int32] = [-1, -1]
        if capture { guard pipe(&fds) == 0 else { return (-1, "pipe failed") } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if capture {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
            posix_spawn_file_actions_addclose(&actions, fds[0])
            posix_spawn_file_actions_addclose(&actions, fds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if capture { close(fds[1]) }
        guard spawned == 0 else {
            if capture { close(fds[0]) }
            return (-1, "posix_spawn failed: \(spawned)")
        }
        var output = Data()
        if capture {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fds[0], &buffer, buffer.count)
                if count > 0 {
                    output.append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            close(fds[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : -1, String(decoding: output, as: UTF8.self))
    }
}

private struct TmuxError: Error {
    let message: String
}
