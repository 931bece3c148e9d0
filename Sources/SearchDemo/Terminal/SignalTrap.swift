import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the signal handlers read: plain C-layout values, so a handler reads them with no Swift runtime
/// calls (no allocation, no locks, no reference counting), as async-signal safety requires.
struct SignalTrapState {
    /// Whether the terminal is still to be restored.
    var needsRestore = false
    /// The terminal whose attributes are restored.
    var terminalFileDescriptor: Int32 = -1
    /// Where the leave sequence is written.
    var outputFileDescriptor: Int32 = -1
    /// The write end of the input reader's wake-up pipe, or -1.
    var wakeFileDescriptor: Int32 = -1
    /// The terminal attributes to restore.
    var originalAttributes = termios()
    /// The bytes that leave the full-screen mode.
    var leaveSequence: UnsafeMutablePointer<UInt8>?
    /// The number of bytes at `leaveSequence`.
    var leaveSequenceCount = 0
}

/// The one-byte messages the signal handlers and `InputReader.stop()` write to the reader's wake pipe.
enum WakeMessage {
    /// The window size changed (SIGWINCH).
    static let resize = UInt8(ascii: "W")
    /// The reader should stop.
    static let stop = UInt8(ascii: "S")
}

/// The state the handlers read; allocated once and never freed.
// Reason: written only by `SignalTrap.arm`/`disarm`, serialized by `SignalTrap.lock`; signal handlers
// read it and cannot take locks.
nonisolated(unsafe) private let trapState: UnsafeMutablePointer<SignalTrapState> = {
    let pointer = UnsafeMutablePointer<SignalTrapState>.allocate(capacity: 1)
    pointer.initialize(to: SignalTrapState())
    return pointer
}()

/// The dispositions `SignalTrap.arm` replaced, indexed by signal number; allocated once and never freed.
// Reason: same as `trapState`.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
}()

/// Installs the process-wide signal handling a full-screen terminal session needs, and removes it again.
///
/// While armed:
/// - SIGHUP, SIGINT and SIGTERM, and the crash signals SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE and
///   SIGSEGV, restore the terminal (write the leave sequence, `tcsetattr` the original attributes), then
///   reinstall the disposition they replaced and raise the signal again, so the process ends (or crash
///   reporting runs) as it would have. A terminating signal that was ignored when arming stays ignored.
/// - SIGWINCH writes ``WakeMessage/resize`` to the wake pipe.
/// - SIGPIPE is ignored, so writing to a closed output fails with `EPIPE` instead of killing the process.
/// - Exiting through `exit()` restores the terminal too (an `atexit` hook, registered once).
///
/// Handlers only call async-signal-safe functions: `write`, `tcsetattr`, `sigaction`, `raise`.
enum SignalTrap {
    /// Serializes ``arm(terminal:originalAttributes:output:leaveSequence:wakeFileDescriptor:)`` and
    /// ``disarm()``.
    private static let lock = NSLock()
    /// Whether the handlers are installed; guarded by `lock`.
    nonisolated(unsafe) private static var isInstalled = false
    /// Whether the `atexit` hook is registered; guarded by `lock`.
    nonisolated(unsafe) private static var isExitHookRegistered = false
    /// Signals that restore the terminal and then take their previous course.
    static let fatalSignals: [Int32] = [SIGHUP, SIGINT, SIGTERM, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]
    /// Signals that only terminate the process, as opposed to crash signals.
    private static let terminatingSignals: Set<Int32> = [SIGHUP, SIGINT, SIGTERM]

    /// Installs the handlers; throws ``TerminalError/alreadyActive`` if they are installed already.
    static func arm(
        terminal: Int32, originalAttributes: termios, output: Int32, leaveSequence: String,
        wakeFileDescriptor: Int32
    ) throws(TerminalError) {
        lock.lock()
        defer { lock.unlock() }
        guard !isInstalled else { throw .alreadyActive }
        isInstalled = true
        let bytes = Array(leaveSequence.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        trapState.pointee.leaveSequence?.deallocate()
        trapState.pointee = SignalTrapState(
            needsRestore: true, terminalFileDescriptor: terminal, outputFileDescriptor: output,
            wakeFileDescriptor: wakeFileDescriptor, originalAttributes: originalAttributes,
            leaveSequence: buffer, leaveSequenceCount: bytes.count)
        for signal in fatalSignals {
            install(
                handleFatalSignal, for: signal, flags: SA_ONSTACK, keepingIgnored: terminatingSignals.contains(signal))
        }
        install(handleWindowChange, for: SIGWINCH, flags: SA_RESTART, keepingIgnored: false)
        install(SIG_IGN, for: SIGPIPE, flags: 0, keepingIgnored: false)
        if !isExitHookRegistered {
            isExitHookRegistered = true
            atexit { SignalTrap.restoreTerminal() }
        }
    }

    /// Puts back the dispositions ``arm(terminal:originalAttributes:output:leaveSequence:wakeFileDescriptor:)``
    /// replaced, without touching the terminal; does nothing when not armed.
    static func disarm() {
        lock.lock()
        defer { lock.unlock() }
        guard isInstalled else { return }
        isInstalled = false
        for signal in fatalSignals + [SIGWINCH, SIGPIPE] {
            sigaction(signal, previousActions + Int(signal), nil)
        }
        trapState.pointee.wakeFileDescriptor = -1
        trapState.pointee.needsRestore = false
    }

    /// Whether the handlers are installed.
    static var isArmed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isInstalled
    }

    /// Unblocks, on the calling thread, the asynchronous signals the trap handles.
    ///
    /// Dispatch and Swift concurrency threads block all signals, and a thread started from one inherits
    /// that mask; if every thread blocks a signal it is never delivered. The input reader calls this on
    /// its own thread, so the handlers run there whatever thread started the session.
    static func unblockHandledSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGWINCH] {
            sigaddset(&signals, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Restores the armed terminal once: writes the leave sequence and applies the original attributes.
    ///
    /// Async-signal-safe; this is what the handlers and the `atexit` hook run. Does nothing when not armed
    /// or when it already ran; it leaves the handlers installed (``disarm()`` removes them).
    static func restoreTerminal() {
        let state = trapState
        guard state.pointee.needsRestore else { return }
        state.pointee.needsRestore = false
        if let bytes = state.pointee.leaveSequence {
            _ = write(state.pointee.outputFileDescriptor, bytes, state.pointee.leaveSequenceCount)
        }
        var attributes = state.pointee.originalAttributes
        _ = tcsetattr(state.pointee.terminalFileDescriptor, TCSANOW, &attributes)
    }

    /// Installs `handler` for `signal`, saving the disposition it replaces; leaves an ignored signal alone
    /// when `keepingIgnored`.
    private static func install(
        _ handler: SignalHandler, for signal: Int32, flags: Int32, keepingIgnored: Bool
    ) {
        let previous = previousActions + Int(signal)
        sigaction(signal, nil, previous)
        if keepingIgnored && isIgnoring(previous.pointee) { return }
        var action = makeAction(handler, flags: flags)
        sigaction(signal, &action, nil)
    }
}

/// Restores the terminal, then lets the signal take the course it had before the trap was armed.
private func handleFatalSignal(_ signal: Int32) {
    SignalTrap.restoreTerminal()
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
}

/// Wakes the input reader to report a new window size.
private func handleWindowChange(_ signal: Int32) {
    let savedErrno = errno
    var message = WakeMessage.resize
    let descriptor = trapState.pointee.wakeFileDescriptor
    if descriptor >= 0 { _ = write(descriptor, &message, 1) }
    errno = savedErrno
}
