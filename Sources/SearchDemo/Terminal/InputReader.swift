import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something that happened at the terminal, delivered to the app in order.
enum TerminalEvent: Sendable, Hashable {
    /// A key was pressed.
    case key(Key)
    /// The window was resized to this size.
    case resize(TerminalSize)
    /// The process continued after a stop and the terminal is the app's again, at this size: everything on
    /// screen must be drawn again.
    case resumed(TerminalSize)
    /// Input reached end of file or failed (the terminal went away); no more events follow.
    case inputClosed
}

/// Reads input bytes on its own thread, decodes them with a ``KeyDecoder`` and delivers ``TerminalEvent``s.
///
/// The thread blocks in `poll` on the input and on a wake-up pipe. The pipe carries SIGWINCH and SIGCONT
/// notifications from the signal handlers and stop requests. When the decoder holds a possible lone Esc,
/// the poll times out after ``escapeTimeout`` milliseconds and the Esc is reported with
/// ``KeyDecoder/flush()``.
/// Events are delivered on the reader thread; the callback must hop to wherever the app keeps its state.
/// The thread unblocks SIGHUP, SIGINT, SIGTERM, SIGTSTP, SIGCONT and SIGWINCH, so they are delivered even
/// when every other thread blocks them.
final class InputReader: @unchecked Sendable {  // Mutable state (`isStarted`) is guarded by `lock`.
    /// How long to wait for the rest of an escape sequence before reporting a lone Esc, in milliseconds.
    static let escapeTimeout: Int32 = 50

    private let input: Int32
    private let sizeSources: [Int32]
    private let onEvent: @Sendable (TerminalEvent) -> Void
    private let wakeReadEnd: Int32
    /// The write end of the wake-up pipe: non-blocking, for the SIGWINCH handler.
    let wakeWriteEnd: Int32
    private let lock = NSLock()
    private var isStarted = false

    /// Creates a reader of `input` that reports window sizes of the first of `sizeSources` answering
    /// `TIOCGWINSZ`; call ``start()`` to begin reading.
    init(
        input: Int32, sizeSources: [Int32], onEvent: @escaping @Sendable (TerminalEvent) -> Void
    ) throws(TerminalError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .systemCallFailed(name: "pipe", errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.input = input
        self.sizeSources = sizeSources
        self.onEvent = onEvent
        wakeReadEnd = ends[0]
        wakeWriteEnd = ends[1]
    }

    deinit {
        close(wakeReadEnd)
        close(wakeWriteEnd)
    }

    /// Starts the reader thread; does nothing if it was started before.
    func start() {
        lock.lock()
        defer { lock.unlock() }
        guard !isStarted else { return }
        isStarted = true
        let thread = Thread { [self] in run() }
        thread.name = "TerminalInput"
        thread.start()
    }

    /// Asks the reader thread to stop without delivering further events; returns at once.
    func stop() {
        var message = WakeMessage.stop
        _ = write(wakeWriteEnd, &message, 1)
    }

    /// The reader thread's loop; returns on stop, end of input or an input error.
    private func run() {
        SignalTrap.unblockHandledSignals()
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        descriptors.append(pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0))
        while true {
            let timeout = decoder.hasPendingEscape ? Self.escapeTimeout : -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                deliver(decoder.flush())
                onEvent(.inputClosed)
                return
            }
            if ready == 0 {
                deliver(decoder.flush())
                continue
            }
            if descriptors[1].revents != 0 {
                if !handleWakeMessages(into: &buffer) { return }
            }
            if descriptors[0].revents != 0 {
                let count = read(input, &buffer, buffer.count)
                if count > 0 {
                    deliver(decoder.decode(buffer[0..<count]))
                } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                } else {
                    // End of file, or an error such as EIO after a hang-up: no more input will come.
                    deliver(decoder.flush())
                    onEvent(.inputClosed)
                    return
                }
            }
        }
    }

    /// Drains the wake-up pipe and reports a resume or a resize (a resume reports the size too); returns
    /// `false` when a stop was requested.
    private func handleWakeMessages(into buffer: inout [UInt8]) -> Bool {
        var isResized = false
        var isResumed = false
        while true {
            let count = read(wakeReadEnd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if buffer[0..<count].contains(WakeMessage.stop) { return false }
            isResized = isResized || buffer[0..<count].contains(WakeMessage.resize)
            isResumed = isResumed || buffer[0..<count].contains(WakeMessage.resume)
        }
        let size = { TerminalSize.current(fileDescriptors: self.sizeSources) }
        if isResumed {
            onEvent(.resumed(size()))
        } else if isResized {
            onEvent(.resize(size()))
        }
        return true
    }

    /// Delivers each key as an event.
    private func deliver(_ keys: [Key]) {
        for key in keys {
            onEvent(.key(key))
        }
    }
}
