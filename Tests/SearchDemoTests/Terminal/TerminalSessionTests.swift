import Testing

@testable import SearchDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private let enterCount = ControlSequence.enterFullScreen.utf8.count
private let leaveCount = ControlSequence.leaveFullScreen.utf8.count
/// Whether this process runs under Thread Sanitizer (its runtime is linked in).
private let isThreadSanitizerActive = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

/// Sessions install process-wide signal handlers, so these tests run one at a time.
@Suite(.serialized) struct TerminalSessionTests {
    @Test func startDeliverEventsAndRestore() throws {
        let terminal = try PseudoTerminal()
        terminal.setSize(rows: 20, columns: 60)
        let before = try TerminalMode.attributes(of: terminal.slave)
        let handlersBefore = [SIGPIPE, SIGWINCH, SIGTERM].map { handlerAddress(currentAction($0)) }
        let session = TerminalSession(input: terminal.slave, output: terminal.slave)
        let recorder = EventRecorder()

        try session.start(onEvent: recorder.record)
        #expect(terminal.readOutput(count: enterCount) == "\u{1B}[?1049h\u{1B}[?7l\u{1B}[?25l\u{1B}[?2004h")
        #expect(session.isActive && SignalTrap.isArmed)
        #expect(session.size == TerminalSize(rows: 20, columns: 60))
        let raw = try TerminalMode.attributes(of: terminal.slave)
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)

        terminal.type("q\u{1B}[B\u{3}")
        #expect(recorder.wait(forCount: 3) == [.key(.character("q")), .key(.down), .key(.ctrlC)])
        terminal.setSize(rows: 10, columns: 40)
        kill(getpid(), SIGWINCH)  // Delivered to a thread that does not block it: at least the reader.
        #expect(recorder.wait(forCount: 4).last == .resize(TerminalSize(rows: 10, columns: 40)))
        try session.write("frame")
        #expect(terminal.readOutput(count: 5) == "frame")

        session.restore()
        #expect(terminal.readOutput(count: leaveCount) == "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?7h\u{1B}[?1049l")
        #expect(sameAttributes(try TerminalMode.attributes(of: terminal.slave), before))
        #expect(!session.isActive && !SignalTrap.isArmed)
        #expect([SIGPIPE, SIGWINCH, SIGTERM].map { handlerAddress(currentAction($0)) } == handlersBefore)

        session.restore()
        try session.write("ignored")
        _ = TerminalOutput.write("end", to: terminal.slave)
        #expect(terminal.readOutput(count: 3) == "end")
        #expect(throws: TerminalError.alreadyActive) { try session.start(onEvent: recorder.record) }
    }

    @Test func inputThatIsNotATerminalIsRefused() throws {
        try withPipe { input, output in
            let session = TerminalSession(input: input, output: output)
            #expect(throws: TerminalError.notATerminal(fileDescriptor: input)) { try session.start { _ in } }
            #expect(!session.isActive && !SignalTrap.isArmed)
        }
    }

    @Test func onlyOneSessionAtATime() throws {
        let first = try PseudoTerminal()
        let second = try PseudoTerminal()
        let firstSession = TerminalSession(input: first.slave, output: first.slave)
        let secondSession = TerminalSession(input: second.slave, output: second.slave)
        try firstSession.start { _ in }
        #expect(throws: TerminalError.alreadyActive) { try secondSession.start { _ in } }
        firstSession.restore()
        try secondSession.start { _ in }
        #expect(second.readOutput(count: enterCount) == ControlSequence.enterFullScreen)
        secondSession.restore()
    }

    @Test func failedWriteRestoresAndThrows() throws {
        let terminal = try PseudoTerminal()
        let before = try TerminalMode.attributes(of: terminal.slave)
        var ends: [Int32] = [-1, -1]
        try #require(closeOnExecPipe(&ends) == 0)
        defer { close(ends[1]) }
        let session = TerminalSession(input: terminal.slave, output: ends[1])
        try session.start { _ in }
        close(ends[0])
        #expect(throws: TerminalError.outputClosed) { try session.write("frame") }
        #expect(!session.isActive && !SignalTrap.isArmed)
        #expect(sameAttributes(try TerminalMode.attributes(of: terminal.slave), before))
    }

    @Test func closedTerminalEndsInput() throws {
        let terminal = try PseudoTerminal()
        let session = TerminalSession(input: terminal.slave, output: terminal.slave)
        let recorder = EventRecorder()
        try session.start(onEvent: recorder.record)
        terminal.hangUp()
        #expect(recorder.wait(forCount: 1) == [.inputClosed])
        session.restore()
        #expect(!session.isActive && !SignalTrap.isArmed)
    }

    @Test func signalHandlerRoutineRestoresTheTerminal() throws {
        let terminal = try PseudoTerminal()
        let original = try TerminalMode.enterRawMode(terminal.slave)
        try SignalTrap.arm(
            terminal: terminal.slave, originalAttributes: original, output: terminal.slave,
            leaveSequence: "bye", wakeFileDescriptor: -1)
        defer { SignalTrap.disarm() }
        SignalTrap.restoreTerminal()
        SignalTrap.restoreTerminal()
        #expect(terminal.readOutput(count: 3) == "bye")
        #expect(sameAttributes(try TerminalMode.attributes(of: terminal.slave), original))
    }

    /// What SIGTSTP and SIGCONT do, as routines: the stop gives the terminal back (leave sequence, original
    /// modes) and keeps the session armed; the continue takes it again (raw modes, enter sequence) and
    /// reports `.resumed` with the size, so the app redraws everything.
    @Test func stopAndContinueRoutinesGiveTheTerminalBackAndTakeItAgain() throws {
        let terminal = try PseudoTerminal()
        terminal.setSize(rows: 20, columns: 60)
        let before = try TerminalMode.attributes(of: terminal.slave)
        let session = TerminalSession(input: terminal.slave, output: terminal.slave)
        let recorder = EventRecorder()
        try session.start(onEvent: recorder.record)
        defer { session.restore() }
        #expect(terminal.readOutput(count: enterCount) == ControlSequence.enterFullScreen)
        let raw = try TerminalMode.attributes(of: terminal.slave)

        SignalTrap.leaveForStop()
        #expect(terminal.readOutput(count: leaveCount) == ControlSequence.leaveFullScreen)
        #expect(sameAttributes(try TerminalMode.attributes(of: terminal.slave), before))
        #expect(session.isActive && SignalTrap.isArmed)

        SignalTrap.reenterAfterStop()
        #expect(terminal.readOutput(count: enterCount) == ControlSequence.enterFullScreen)
        #expect(sameAttributes(try TerminalMode.attributes(of: terminal.slave), raw))
        #expect(recorder.wait(forCount: 1) == [.resumed(TerminalSize(rows: 20, columns: 60))])
    }

    /// A real SIGCONT while the session runs (as after `fg`) takes the terminal again and reports `.resumed`.
    @Test func sigcontTakesTheTerminalAgainAndAsksForARedraw() throws {
        let terminal = try PseudoTerminal()
        terminal.setSize(rows: 12, columns: 34)
        let session = TerminalSession(input: terminal.slave, output: terminal.slave)
        let recorder = EventRecorder()
        try session.start(onEvent: recorder.record)
        defer { session.restore() }
        #expect(terminal.readOutput(count: enterCount) == ControlSequence.enterFullScreen)

        kill(getpid(), SIGCONT)  // Delivered to a thread that does not block it: at least the reader.

        #expect(recorder.wait(forCount: 1) == [.resumed(TerminalSize(rows: 12, columns: 34))])
        #expect(terminal.readOutput(count: enterCount) == ControlSequence.enterFullScreen)
    }

    #if os(Linux)
        /// A child process inherits the armed session; the signal must restore the terminal and still kill it.
        @Test(
            .disabled(if: isThreadSanitizerActive, "TSan does not run signal handlers in a child forked from threads"),
            arguments: [SIGINT, SIGTERM, SIGHUP])
        func terminatingSignalRestoresTheTerminal(signal: Int32) throws {
            guard !isIgnoring(currentAction(signal)) else { return }  // An ignored signal stays ignored.
            let terminal = try PseudoTerminal()
            let before = try TerminalMode.attributes(of: terminal.slave)
            let session = TerminalSession(input: terminal.slave, output: terminal.slave)
            try session.start { _ in }
            #expect(terminal.readOutput(count: enterCount) == ControlSequence.enterFullScreen)
            let child = fork()
            if child == 0 {
                // The test thread, which the child copies, may block signals, as dispatch threads do.
                // If the signal failed to end the child, SIGALRM does, so the test fails instead of hanging.
                var signals = sigset_t()
                sigemptyset(&signals)
                sigaddset(&signals, signal)
                sigaddset(&signals, SIGALRM)
                pthread_sigmask(SIG_UNBLOCK, &signals, nil)
                alarm(5)
                raise(signal)
                _exit(99)
            }
            var status: Int32 = 0
            #expect(waitpid(child, &status, 0) == child)
            #expect(status & 0x7F == signal)
            #expect(terminal.readOutput(count: leaveCount) == ControlSequence.leaveFullScreen)
            #expect(sameAttributes(try TerminalMode.attributes(of: terminal.slave), before))
            session.restore()
        }
    #endif
}
