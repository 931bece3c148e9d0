#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `posix_spawn` attributes for a child that starts with an empty signal mask and default signal handlers.
///
/// A child inherits the mask of the thread that spawned it, and dispatch and Swift concurrency threads block
/// every signal: without this, the child would ignore SIGTERM and friends.
enum CleanSignalSpawn {
    /// Calls `body` with initialized attributes that reset the mask and the handlers, then destroys them.
    static func withAttributes<Result>(_ body: (inout posix_spawnattr_t) -> Result) -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&attributes)
    }
}
