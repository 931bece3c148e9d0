import Foundation
import Testing

@testable import SearchDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal pair for tests: the slave plays the app's terminal, the master plays the user.
final class PseudoTerminal {
    /// `ptsname` returns a static buffer; serialize calls across parallel tests.
    private static let nameLock = NSLock()

    /// The master side: bytes written here are the user's typing; the app's output is read here.
    private(set) var master: Int32
    /// The slave side: the terminal the app sees.
    let slave: Int32

    /// Opens a new pseudo-terminal pair with `posix_openpt`, `grantpt`, `unlockpt` and `ptsname`.
    init() throws {
        let functions = try PseudoTerminalFunctions()
        let master = functions.openMaster(O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        try #require(functions.grant(master) == 0)
        try #require(functions.unlock(master) == 0)
        let name: String? = Self.nameLock.withLock { functions.slaveName(master).map { String(cString: $0) } }
        let slave = open(try #require(name), O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        self.master = master
        self.slave = slave
    }

    deinit {
        close(slave)
        if master >= 0 { close(master) }
    }

    /// Closes the master side, as when the terminal window is closed.
    func hangUp() {
        close(master)
        master = -1
    }

    /// Sets the window size the slave reports.
    func setSize(rows: UInt16, columns: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = withUnsafeMutablePointer(to: &size) { ioctl(master, UInt(TIOCSWINSZ), $0) }
    }

    /// Types `text` as the user.
    func type(_ text: String) {
        _ = TerminalOutput.write(text, to: master)
    }

    /// Reads what the app wrote until `expectedCount` bytes arrived or no byte came for 5 seconds.
    func readOutput(count expectedCount: Int) -> String {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output.count < expectedCount {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 5_000)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(master, &buffer, min(buffer.count, expectedCount - output.count))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// The C pseudo-terminal functions.
///
/// Glibc declares them only under `_XOPEN_SOURCE`, which Swift's Glibc module does not define, so on
/// Linux they are looked up in the C library at run time.
private struct PseudoTerminalFunctions {
    /// `posix_openpt`.
    let openMaster: @convention(c) (Int32) -> Int32
    /// `grantpt`.
    let grant: @convention(c) (Int32) -> Int32
    /// `unlockpt`.
    let unlock: @convention(c) (Int32) -> Int32
    /// `ptsname`.
    let slaveName: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    /// Finds the functions.
    init() throws {
        #if canImport(Darwin)
            openMaster = posix_openpt
            grant = grantpt
            unlock = unlockpt
            slaveName = ptsname
        #else
            let library = dlopen(nil, RTLD_NOW)
            func find<Function>(_ name: String, as type: Function.Type) throws -> Function {
                unsafeBitCast(try #require(dlsym(library, name), "\(name) not found"), to: type)
            }
            openMaster = try find("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
            grant = try find("grantpt", as: (@convention(c) (Int32) -> Int32).self)
            unlock = try find("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
            slaveName = try find("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
        #endif
    }
}

/// Collects terminal events from any thread and lets a test wait for them.
final class EventRecorder: Sendable {
    private let condition = NSCondition()
    // Reason: only touched with `condition` locked.
    nonisolated(unsafe) private var events: [TerminalEvent] = []

    /// Records one event; usable as an `InputReader` or `TerminalSession` callback.
    func record(_ event: TerminalEvent) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until at least `count` events arrived (at most 5 seconds) and returns all events so far.
    func wait(forCount count: Int) -> [TerminalEvent] {
        let deadline = Date(timeIntervalSinceNow: 5)
        condition.lock()
        defer { condition.unlock() }
        while events.count < count && condition.wait(until: deadline) {}
        return events
    }
}

/// Whether the attributes match in every field a program can set (flags, control characters, speeds).
func sameAttributes(_ first: termios, _ second: termios) -> Bool {
    var first = first
    var second = second
    let sameCharacters = withUnsafeBytes(of: &first.c_cc) { a in
        withUnsafeBytes(of: &second.c_cc) { b in a.elementsEqual(b) }
    }
    return first.c_iflag == second.c_iflag && first.c_oflag == second.c_oflag && first.c_cflag == second.c_cflag
        && first.c_lflag == second.c_lflag && sameCharacters && cfgetispeed(&first) == cfgetispeed(&second)
        && cfgetospeed(&first) == cfgetospeed(&second)
}

/// The disposition currently installed for `signal`.
func currentAction(_ signal: Int32) -> sigaction {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return action
}

/// The handler address of a disposition, to compare dispositions.
func handlerAddress(_ action: sigaction) -> Int {
    #if canImport(Glibc)
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #else
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #endif
}

/// Whether all of `flags` are set in the local-mode field.
func localFlagsSet(_ attributes: termios, _ flags: Int32) -> Bool {
    attributes.c_lflag & tcflag_t(flags) == tcflag_t(flags)
}
