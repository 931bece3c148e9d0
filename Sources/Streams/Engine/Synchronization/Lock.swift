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

/// How many engine locks the current thread holds, counted in debug builds only, so tests can
/// prove that no user code (an observer, a closure, an element's `deinit`) runs under one.
package enum HeldLocks {
    /// The number of engine locks held by the calling thread; always 0 in release builds.
    package static var count: Int { streams_held_locks_get() }

    @inline(__always)
    static func entered() {
        #if DEBUG
            streams_held_locks_add(1)
        #endif
    }

    @inline(__always)
    static func left() {
        #if DEBUG
            streams_held_locks_add(-1)
        #endif
    }
}

/// A class whose first stored property is its lock word, so owning the lock costs no allocation
/// of its own. The engine's per-subscription control objects use it.
///
/// Invariant: no stored property precedes the word (it is reached through
/// `_getUnsafePointerToStoredProperties`, as ``AtomicWord`` reaches its word), and Swift code
/// never reads or writes the property itself after `init`.
class LockingObject: @unchecked Sendable {  // the lock word is the synchronisation
    private var lockWord = streams_lock_t()
    /// A second atomic word, right after the lock word (8 bytes in): the owner's state that is
    /// changed without the lock (``SerializingSinkCore``'s delivery claim). Only touched through
    /// ``claimWord``.
    private var claimStorage = 0

    private var address: UnsafeMutablePointer<streams_lock_t> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: streams_lock_t.self)
    }

    /// The second word, as an atomic.
    @inline(__always)
    final var claimWord: AtomicWord { AtomicWord(address: _getUnsafePointerToStoredProperties(self) + 8) }

    init() {
        assert(MemoryLayout<streams_lock_t>.size <= 8, "the claim word follows an 8-byte lock slot")
    }

    /// Acquires the lock.
    @inline(__always)
    final func lock() {
        streams_lock_acquire(address)
        HeldLocks.entered()
    }

    /// Releases the lock.
    @inline(__always)
    final func unlock() {
        HeldLocks.left()
        streams_lock_release(address)
    }
}
