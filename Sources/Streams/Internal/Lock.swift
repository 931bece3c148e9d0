#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The library's one lock: a non-recursive mutex, held only to read or change state, never while
/// calling an observer, a user closure, or `dispose()`.
///
/// It wraps a heap-allocated `pthread_mutex_t` (`os_unfair_lock` on Darwin) rather than
/// `Synchronization.Mutex`, because ThreadSanitizer does not see `Mutex`'s futex and reports false
/// races (see Docs/Contract.md). The struct is non-copyable, so a lock has exactly one owner.
@usableFromInline
struct Lock: ~Copyable, @unchecked Sendable {  // the mutex it owns is the synchronisation
    #if canImport(Darwin)
        private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    init() {
        #if canImport(Darwin)
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: os_unfair_lock())
        #else
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Acquires the lock.
    @inline(__always)
    func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(mutex)
        #else
            pthread_mutex_lock(mutex)
        #endif
    }

    /// Releases the lock.
    @inline(__always)
    func unlock() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(mutex)
        #else
            pthread_mutex_unlock(mutex)
        #endif
    }

    /// Runs `body` with the lock held. `body` must not call out to user code.
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
