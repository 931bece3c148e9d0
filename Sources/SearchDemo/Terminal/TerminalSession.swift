import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns the terminal while a full-screen app runs: raw mode, the alternate screen, a hidden cursor,
/// signal handling and the input reader, and puts everything back with ``restore()``.
///
/// Typical use:
/// ```swift
/// let session = TerminalSession()
/// try session.start { event in /* hop to the app's queue, handle .key, .resize, .inputClosed */ }
/// try session.write(writer.render(frame, size: session.size))  // once per frame
/// session.restore()  // on quit; also safe to call again, or from any thread
/// ```
///
/// The terminal is restored by ``restore()``, by `exit()`, and by SIGHUP, SIGINT, SIGTERM and crash
/// signals (each handler restores the terminal, then lets the signal take its usual course, so the exit
/// status and crash reports are unchanged). When ``write(_:)`` fails (the output was closed), the session
/// restores itself and throws ``TerminalError/outputClosed``; when input reaches end of file, the app
/// receives ``TerminalEvent/inputClosed``. In both cases the app should end. Only one session can be
/// active at a time, because signal handlers are process-wide.
///
/// Job control: raw mode turns Ctrl-Z into a plain byte, `.control(0x1A)`; the app answers it with
/// ``suspend()``. That, or a SIGTSTP from outside, gives the terminal back (normal screen, original modes)
/// and stops the process; when the shell continues it (`fg`, SIGCONT), the session takes the terminal again
/// (raw mode, full screen) and delivers ``TerminalEvent/resumed(_:)``, on which the app redraws everything.
final class TerminalSession: @unchecked Sendable {  // Mutable state is guarded by `lock`.
    /// The terminal input, put in raw mode and read by the input reader.
    let inputFileDescriptor: Int32
    /// The terminal output, where frames are written.
    let outputFileDescriptor: Int32

    private enum Phase {
        case idle
        case active(original: termios, reader: InputReader)
        case restored
    }

    private let lock = NSLock()
    private var phase = Phase.idle

    /// Creates a session for the given input and output (standard input and output by default).
    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        inputFileDescriptor = input
        outputFileDescriptor = output
    }

    deinit {
        restore()
    }

    /// The current window size (from the output, else the input, else 80×24).
    var size: TerminalSize {
        TerminalSize.current(fileDescriptors: [outputFileDescriptor, inputFileDescriptor])
    }

    /// Whether the session is started and not yet restored.
    var isActive: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .active = phase { return true }
        return false
    }

    /// Takes over the terminal and starts delivering events to `onEvent` on the input reader's thread.
    ///
    /// Throws ``TerminalError/notATerminal(fileDescriptor:)`` when the input is not a terminal,
    /// ``TerminalError/alreadyActive`` when this or another session is active, and
    /// ``TerminalError/outputClosed`` when the output cannot be written.
    func start(onEvent: @escaping @Sendable (TerminalEvent) -> Void) throws(TerminalError) {
        lock.lock()
        defer { lock.unlock() }
        guard case .idle = phase else { throw .alreadyActive }
        let original = try TerminalMode.attributes(of: inputFileDescriptor)
        let reader = try InputReader(
            input: inputFileDescriptor, sizeSources: [outputFileDescriptor, inputFileDescriptor], onEvent: onEvent)
        let raw = TerminalMode.rawAttributes(from: original)
        try SignalTrap.arm(
            terminal: inputFileDescriptor, originalAttributes: original, rawAttributes: raw,
            output: outputFileDescriptor, enterSequence: ControlSequence.enterFullScreen,
            leaveSequence: ControlSequence.leaveFullScreen, wakeFileDescriptor: reader.wakeWriteEnd)
        do {
            try TerminalMode.apply(raw, to: inputFileDescriptor)
        } catch {
            SignalTrap.disarm()
            throw error
        }
        phase = .active(original: original, reader: reader)
        guard TerminalOutput.write(ControlSequence.enterFullScreen, to: outputFileDescriptor) else {
            restoreLocked()
            throw .outputClosed
        }
        reader.start()
    }

    /// Writes one frame's output with a single `write`; does nothing unless the session is active.
    ///
    /// If the write fails, restores the terminal and throws ``TerminalError/outputClosed``.
    func write(_ text: String) throws(TerminalError) {
        lock.lock()
        defer { lock.unlock() }
        guard case .active = phase, !text.isEmpty else { return }
        guard TerminalOutput.write(text, to: outputFileDescriptor) else {
            restoreLocked()
            throw .outputClosed
        }
    }

    /// Gives the terminal back and stops the process, as Ctrl-Z does in a cooked terminal; the session takes
    /// the terminal again when the process continues. Returns `false`, doing nothing, when the session is not
    /// active or the process ignores SIGTSTP (it was started without job control).
    @discardableResult
    func suspend() -> Bool {
        isActive && SignalTrap.suspendProcess()
    }

    /// Gives the terminal back: leaves the alternate screen, shows the cursor, restores the original
    /// termios attributes, removes the signal handlers and stops the input reader.
    ///
    /// Idempotent and callable from any thread, including from the event callback.
    func restore() {
        lock.lock()
        defer { lock.unlock() }
        restoreLocked()
    }

    /// ``restore()`` for a caller holding `lock`.
    private func restoreLocked() {
        guard case .active(let original, let reader) = phase else { return }
        phase = .restored
        // Restore first and disarm last, so a signal arriving meanwhile still finds the terminal restored.
        _ = TerminalOutput.write(ControlSequence.leaveFullScreen, to: outputFileDescriptor)
        try? TerminalMode.apply(original, to: inputFileDescriptor)
        SignalTrap.disarm()
        reader.stop()
    }
}
