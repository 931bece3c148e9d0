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
