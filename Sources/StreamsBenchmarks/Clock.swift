#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds on a POSIX clock.
@inline(__always)
func nanoseconds(_ clock: clockid_t) -> UInt64 {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

/// Wall-clock nanoseconds (`CLOCK_MONOTONIC`).
@inline(__always)
func wallNow() -> UInt64 { nanoseconds(CLOCK_MONOTONIC) }

/// This thread's CPU nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
@inline(__always)
func cpuNow() -> UInt64 { nanoseconds(CLOCK_THREAD_CPUTIME_ID) }

/// Process memory figures from `/proc/self/status`, read with plain syscalls (no allocation).
enum ProcessMemory {
    /// Resident set size in bytes (`VmRSS`), or 0 where unavailable.
    static var residentBytes: Int { statusField("VmRSS:") }
    /// Peak resident set size in bytes (`VmHWM`), or 0 where unavailable.
    static var peakResidentBytes: Int { statusField("VmHWM:") }

    private static func statusField(_ name: StaticString) -> Int {
        #if canImport(Glibc)
            let fd = open("/proc/self/status", O_RDONLY)
            guard fd >= 0 else { return 0 }
            defer { close(fd) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8192) { buffer in
                let length = read(fd, buffer.baseAddress, buffer.count)
                guard length > 0 else { return 0 }
                let text = UnsafeBufferPointer(rebasing: buffer[0..<length])
                let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
                var index = 0
                while index + key.count <= text.count {
                    if index == 0 || text[index - 1] == UInt8(ascii: "\n"),
                        zip(key, text[index..<index + key.count]).allSatisfy({ $0 == $1 })
                    {
                        var value = 0
                        var cursor = index + key.count
                        while cursor < text.count, text[cursor] == UInt8(ascii: " ") || text[cursor] == 9 {
                            cursor += 1
                        }
                        while cursor < text.count, text[cursor] >= 48, text[cursor] <= 57 {
                            value = value * 10 + Int(text[cursor] - 48)
                            cursor += 1
                        }
                        return value * 1024  // the kernel reports kB
                    }
                    index += 1
                }
                return 0
            }
        #else
            return 0
        #endif
    }
}
