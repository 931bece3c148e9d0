#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size of the terminal window in character cells.
struct TerminalSize: Sendable, Hashable {
    /// The number of rows (lines).
    var rows: Int
    /// The number of columns (cells per line).
    var columns: Int

    /// The size assumed when the terminal does not report one: 80 columns by 24 rows.
    static let fallback = TerminalSize(rows: 24, columns: 80)

    /// Creates a size.
    init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    /// Asks the terminal behind `fileDescriptor` for its size (`ioctl(TIOCGWINSZ)`); `nil` when the
    /// descriptor is not a terminal or the terminal reports a zero size.
    static func query(fileDescriptor: Int32) -> TerminalSize? {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(fileDescriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }

    /// The size of the first of `fileDescriptors` that reports one, else ``fallback``.
    static func current(fileDescriptors: [Int32]) -> TerminalSize {
        for descriptor in fileDescriptors {
            if let size = query(fileDescriptor: descriptor) { return size }
        }
        return fallback
    }
}
