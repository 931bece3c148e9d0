import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A detached tmux session on a private server socket, so the test never touches anyone's tmux.
final class TmuxSession {
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

    /// Starts the demo on the offline catalog (after `prefix`, shell code on the same line) with a debounce of
    /// `debounce` ms; returns whether its idle screen showed.
    func launchDemo(_ binary: URL, after prefix: String = "", debounce: Int = 50) -> Bool {
        type("\(prefix)'\(binary.path)' --offline --debounce \(debounce)")
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

    /// Copies everything programs write to the pane from now on, escape sequences included, to `file`.
    func recordOutput(to file: URL) {
        _ = run(["pipe-pane", "-t", "demo", "-o", "cat >> '\(file.path)'"])
    }

    /// Types `command` at the shell and presses Enter.
    func enter(_ command: String) {
        type(command)
        press("Enter")
    }

    func type(_ text: String) { _ = run(["send-keys", "-t", "demo", "-l", text]) }
    func press(_ key: String) { _ = run(["send-keys", "-t", "demo", key]) }

    var screen: String { run(["capture-pane", "-t", "demo", "-p"]).output }

    /// The pane's text with the SGR sequences that select each cell's attributes (`capture-pane -e`).
    var styledScreen: String { run(["capture-pane", "-t", "demo", "-e", "-p"]).output }

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

extension TmuxSession {
    /// The `search-demo` under test: `$SEARCH_DEMO_BINARY` if set (to run these tests against another
    /// build), else the one next to the test bundle (SwiftPM builds it with the tests).
    static var binary: URL? {
        if let path = ProcessInfo.processInfo.environment["SEARCH_DEMO_BINARY"] { return URL(fileURLWithPath: path) }
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map {
            $0.appendingPathComponent("search-demo")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private static var tmuxPath: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A tmux session (100×30) at a shell prompt, and the built demo; `nil`, and the test skipped, without tmux.
    static func atShellPrompt(
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (session: TmuxSession, binary: URL)? {
        guard let tmux = tmuxPath else {
            print("SKIPPED \(sourceLocation.fileID): tmux is not installed")
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
}

private struct TmuxError: Error {
    let message: String
}
