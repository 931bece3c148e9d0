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
    /// The raw-mode attributes applied again when the process continues after a stop.
    var rawAttributes = termios()
    /// The bytes that leave the full-screen mode.
    var leaveSequence: UnsafeMutablePointer<UInt8>?
    /// The number of bytes at `leaveSequence`.
    var leaveSequenceCount = 0
    /// The bytes that enter the full-screen mode again after a stop.
    var enterSequence: UnsafeMutablePointer<UInt8>?
    /// The number of bytes at `enterSequence`.
    var enterSequenceCount = 0
    /// Whether SIGTSTP is handled (it was not ignored when arming).
    var handlesStop = false
    /// The SIGTSTP handler, installed again once the process continues.
    var stopAction = sigaction()
    /// The default SIGTSTP disposition, installed for the stop itself.
    var defaultAction = sigaction()
}

/// The one-byte messages the signal handlers and `InputReader.stop()` write to the reader's wake pipe.
enum WakeMessage {
    /// The window size changed (SIGWINCH).
    static let resize = UInt8(ascii: "W")
    /// The reader should stop.
    static let stop = UInt8(ascii: "S")
    /// The process continued after a stop and took the terminal back (SIGCONT): everything must be redrawn.
    static let resume = UInt8(ascii: "C")
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
/// - SIGTSTP (Ctrl-Z, which raw mode turns into a byte the app answers with ``suspendProcess()``, or
///   `kill -TSTP`) restores the terminal, then stops the process with the default disposition. SIGCONT
///   (`fg`) applies the raw attributes again, writes the enter sequence and ``WakeMessage/resume`` to the wake
///   pipe, so the app redraws everything. A SIGTSTP that was ignored when arming stays ignored.
/// - SIGWINCH writes ``WakeMessage/resize`` to the wake pipe.
/// - SIGPIPE is ignored, so writing to a closed output fails with `EPIPE` instead of killing the process.
/// - Exiting through `exit()` restores the terminal too (an `atexit` hook, registered once).
///
/// Handlers only call async-signal-safe functions: `write`, `tcsetattr`, `sigaction`, `sigprocmask`, `raise`.
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
    ///
    /// `rawAttributes` and `enterSequence` are what a continue after a stop applies again; they default to
    /// the original attributes and nothing.
    static func arm(
        terminal: Int32, originalAttributes: termios, rawAttributes: termios? = nil, output: Int32,
        enterSequence: String = "", leaveSequence: String, wakeFileDescriptor: Int32
    ) throws(TerminalError) {
        lock.lock()
        defer { lock.unlock() }
        guard !isInstalled else { throw .alreadyActive }
        isInstalled = true
        let leave = copy(leaveSequence)
        let enter = copy(enterSequence)
        trapState.pointee.leaveSequence?.deallocate()
        trapState.pointee.enterSequence?.deallocate()
        trapState.pointee = SignalTrapState(
            needsRestore: true, terminalFileDescriptor: terminal, outputFileDescriptor: output,
            wakeFileDescriptor: wakeFileDescriptor, originalAttributes: originalAttributes,
            rawAttributes: rawAttributes ?? originalAttributes, leaveSequence: leave.pointer,
            leaveSequenceCount: leave.count, enterSequence: enter.pointer, enterSequenceCount: enter.count,
            stopAction: makeAction(handleStop, flags: SA_RESTART), defaultAction: sigaction())  // zero: SIG_DFL
        for signal in fatalSignals {
            install(
                handleFatalSignal, for: signal, flags: SA_ONSTACK, keepingIgnored: terminatingSignals.contains(signal))
        }
        trapState.pointee.handlesStop = install(handleStop, for: SIGTSTP, flags: SA_RESTART, keepingIgnored: true)
        install(handleContinue, for: SIGCONT, flags: SA_RESTART, keepingIgnored: false)
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
        for signal in fatalSignals + [SIGTSTP, SIGCONT, SIGWINCH, SIGPIPE] {
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
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGCONT, SIGWINCH] {
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

    /// Stops the process as Ctrl-Z would (SIGTSTP, so the handler gives the terminal back first); returns
    /// `false`, doing nothing, when SIGTSTP was ignored when arming (no job control) or the trap is not armed.
    static func suspendProcess() -> Bool {
        guard isArmed, trapState.pointee.handlesStop else { return false }
        return kill(getpid(), SIGTSTP) == 0
    }

    /// Gives the terminal back before a stop: the leave sequence and the original attributes, like
    /// ``restoreTerminal()`` but keeping the session armed. Async-signal-safe; does nothing when not armed.
    static func leaveForStop() {
        let state = trapState
        guard state.pointee.needsRestore else { return }
        if let bytes = state.pointee.leaveSequence {
            _ = write(state.pointee.outputFileDescriptor, bytes, state.pointee.leaveSequenceCount)
        }
        var attributes = state.pointee.originalAttributes
        _ = tcsetattr(state.pointee.terminalFileDescriptor, TCSADRAIN, &attributes)
    }

    /// Takes the terminal again after the process continued: the raw attributes, the enter sequence, and
    /// ``WakeMessage/resume`` to the reader. Async-signal-safe; does nothing when not armed.
    static func reenterAfterStop() {
        let state = trapState
        guard state.pointee.needsRestore else { return }
        var attributes = state.pointee.rawAttributes
        _ = tcsetattr(state.pointee.terminalFileDescriptor, TCSADRAIN, &attributes)
        if let bytes = state.pointee.enterSequence {
            _ = write(state.pointee.outputFileDescriptor, bytes, state.pointee.enterSequenceCount)
        }
        var message = WakeMessage.resume
        let descriptor = state.pointee.wakeFileDescriptor
        if descriptor >= 0 { _ = write(descriptor, &message, 1) }
    }

    /// Installs `handler` for `signal`, saving the disposition it replaces; leaves an ignored signal alone
    /// when `keepingIgnored`. Returns whether the handler was installed.
    @discardableResult
    private static func install(
        _ handler: SignalHandler, for signal: Int32, flags: Int32, keepingIgnored: Bool
    ) -> Bool {
        let previous = previousActions + Int(signal)
        sigaction(signal, nil, previous)
        if keepingIgnored && isIgnoring(previous.pointee) { return false }
        var action = makeAction(handler, flags: flags)
        sigaction(signal, &action, nil)
        return true
    }

    /// `text`'s UTF-8 bytes in memory the handlers can read; never freed while armed.
    private static func copy(_ text: String) -> (pointer: UnsafeMutablePointer<UInt8>, count: Int) {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        buffer.initialize(from: bytes, count: bytes.count)
        return (buffer, bytes.count)
    }
}

/// Gives the terminal back, stops the process (default SIGTSTP), and once it continues installs itself again.
private func handleStop(_ signal: Int32) {
    let savedErrno = errno
    SignalTrap.leaveForStop()
    sigaction(SIGTSTP, &trapState.pointee.defaultAction, nil)
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &signals, nil)
    raise(SIGTSTP)  // The process stops here until SIGCONT, whose handler takes the terminal again.
    if trapState.pointee.needsRestore { sigaction(SIGTSTP, &trapState.pointee.stopAction, nil) }
    errno = savedErrno
}

/// Takes the terminal again after a stop (or any continue while armed) and asks the app to redraw.
private func handleContinue(_ signal: Int32) {
    let savedErrno = errno
    SignalTrap.reenterAfterStop()
    errno = savedErrno
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
