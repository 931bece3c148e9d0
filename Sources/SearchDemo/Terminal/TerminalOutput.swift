#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole byte buffers to a file descriptor.
enum TerminalOutput {
    /// Writes all of `text`'s UTF-8 bytes to `fileDescriptor`, with one `write` call unless the kernel
    /// takes only part of it; returns `false` if writing failed (for example `EPIPE` on a closed pipe).
    static func write(_ text: String, to fileDescriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { bytes in write(UnsafeRawBufferPointer(bytes), to: fileDescriptor) }
    }

    /// Writes all of `bytes` to `fileDescriptor`, retrying after `EINTR`, waiting for `EAGAIN` and
    /// continuing after partial writes; returns `false` if writing failed.
    static func write(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Glibc)
                let written = Glibc.write(fileDescriptor, next, remaining)
            #else
                let written = Darwin.write(fileDescriptor, next, remaining)
            #endif
            if written > 0 {
                next += written
                remaining -= written
            } else if written < 0 && errno == EINTR {
                continue
            } else if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, -1)
            } else {
                return false
            }
        }
        return true
    }
}
