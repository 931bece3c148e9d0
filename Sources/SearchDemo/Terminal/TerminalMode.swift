#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a terminal operation failed.
enum TerminalError: Error, Sendable, Equatable {
    /// The file descriptor is not a terminal (for example, input is redirected from a file).
    case notATerminal(fileDescriptor: Int32)
    /// A system call failed; `errno` is the C error number.
    case systemCallFailed(name: String, errno: Int32)
    /// Another ``TerminalSession`` is active; the signal handlers it installs are process-wide.
    case alreadyActive
    /// Writing to the terminal failed (the output was closed); the session has been restored.
    case outputClosed

    /// One plain line for the user.
    var userMessage: String {
        switch self {
        case .notATerminal(let descriptor):
            let stream = descriptor == 0 ? "standard input" : descriptor == 1 ? "standard output" : "the output"
            return "\(stream) is not a terminal"
        case .systemCallFailed(let name, let code):
            return "the terminal could not be set up (\(name) failed: \(String(cString: strerror(code))))"
        case .alreadyActive: return "another full-screen session is already running in this process"
        case .outputClosed: return "the terminal output was closed"
        }
    }
}

/// Reads, changes and restores a terminal's termios attributes.
enum TerminalMode {
    /// Returns the current attributes of the terminal behind `fileDescriptor`.
    static func attributes(of fileDescriptor: Int32) throws(TerminalError) -> termios {
        var attributes = termios()
        guard tcgetattr(fileDescriptor, &attributes) == 0 else {
            throw errno == ENOTTY || errno == EBADF || errno == EINVAL
                ? .notATerminal(fileDescriptor: fileDescriptor)
                : .systemCallFailed(name: "tcgetattr", errno: errno)
        }
        return attributes
    }

    /// Applies `attributes` to the terminal behind `fileDescriptor`, after pending output is sent
    /// (`TCSADRAIN`) or, with `discardingInput`, also dropping unread input (`TCSAFLUSH`).
    static func apply(
        _ attributes: termios, to fileDescriptor: Int32, discardingInput: Bool = false
    ) throws(TerminalError) {
        var attributes = attributes
        while tcsetattr(fileDescriptor, discardingInput ? TCSAFLUSH : TCSADRAIN, &attributes) != 0 {
            guard errno == EINTR else { throw .systemCallFailed(name: "tcsetattr", errno: errno) }
        }
    }

    /// Returns `attributes` changed for raw, byte-at-a-time input.
    ///
    /// Like `cfmakeraw`, it turns off line editing (`ICANON`), echo, the signal keys (`ISIG`, so Ctrl-C
    /// arrives as a byte), `IEXTEN`, flow control (`IXON`, so Ctrl-S and Ctrl-Q arrive as bytes),
    /// CR-to-NL translation and parity stripping, and selects 8-bit characters. Unlike `cfmakeraw`, it
    /// keeps output post-processing (`OPOST`), so a stray "\n" still returns to the left margin. Reads
    /// return as soon as one byte is available (`VMIN` 1, `VTIME` 0).
    static func rawAttributes(from attributes: termios) -> termios {
        var raw = attributes
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }

    /// Puts the terminal behind `fileDescriptor` in raw mode and returns its previous attributes, which
    /// ``apply(_:to:discardingInput:)`` restores.
    static func enterRawMode(_ fileDescriptor: Int32) throws(TerminalError) -> termios {
        let original = try attributes(of: fileDescriptor)
        try apply(rawAttributes(from: original), to: fileDescriptor, discardingInput: true)
        return original
    }
}
