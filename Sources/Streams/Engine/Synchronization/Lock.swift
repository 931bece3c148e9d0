import CStreamsEngine

/// A lock that owns its word: a non-recursive mutex, held only while a transition changes state.
///
/// Invariant (Docs/Internals.md): nothing is delivered, disposed, scheduled or released while it
/// is held. Code outside `Engine/` never takes it directly; it changes state through
/// ``LockedCell`` and the sinks built on it, which run what a transition decided after unlocking.
///
/// It owns a heap-allocated ``streams_lock_t`` (CStreamsEngine: a futex word on Linux, an
/// `os_unfair_lock` on Apple platforms): an uncontended lock and unlock cost one atomic
/// instruction each. Not `Synchronization.Mutex`: ThreadSanitizer does not see `Mutex`'s futex
/// and reports false races, and `Mutex` needs macOS 15 / iOS 18. The struct is non-copyable, so
/// a lock has one owner.
struct Lock: ~Copyable, @unchecked Sendable {  // the word it owns is the synchronisation
    private let word: UnsafeMutablePointer<streams_lock_t>

    init() {
        word = .allocate(capacity: 1)
        word.initialize(to: streams_lock_t())
    }

    deinit {
        word.deinitialize(count: 1)
        word.deallocate()
    }

    /// Acquires the lock.
    @inline(__always)
    func lock() {
        streams_lock_acquire(word)
        HeldLocks.entered()
    }

    /// Releases the lock.
    @inline(__always)
    func unlock() {
        HeldLocks.left()
        streams_lock_release(word)
    }

    /// Runs `body` with the lock held. `body` only reads or changes state: it never calls out.
    @inline(__always)
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
