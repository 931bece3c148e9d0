#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pipe(2)` whose ends are closed in any process the test run starts meanwhile: tests run in
/// parallel, and a child that inherited a read end would keep a "closed" pipe open for writers.
/// Returns 0 on success, as `pipe` does.
func closeOnExecPipe(_ ends: inout [Int32]) -> Int32 {
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return 0
}

/// Runs `body` with the read and write ends of a fresh `closeOnExecPipe`, and closes both
/// afterwards.
func withPipe<T>(_ body: (_ read: Int32, _ write: Int32) throws -> T) throws -> T {
    var ends: [Int32] = [-1, -1]
    guard closeOnExecPipe(&ends) == 0 else { throw PipeUnavailable() }
    defer {
        close(ends[0])
        close(ends[1])
    }
    return try body(ends[0], ends[1])
}

/// `pipe(2)` failed (no file descriptors left).
struct PipeUnavailable: Error {}
