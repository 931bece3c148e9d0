import CStreamsEngine

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The engine's one lock: a non-recursive mutex, held only while a transition changes state.
///
/// Invariant (Docs/Internals.md): nothing is delivered, disposed, scheduled or released while it
/// is held. Code outside `Engine/` never takes it directly; it changes state through
/// ``LockedCell`` and the sinks built on it, which run what a transition decided after unlocking.
///
/// It wraps a heap-allocated `pthread_mutex_t` (`os_unfair_lock` on Darwin) rather than
/// `Synchronization.Mutex`: ThreadSanitizer does not see `Mutex`'s futex and reports false races,
/// and `Mutex` needs macOS 15 / iOS 18. The struct is non-copyable, so a lock has one owner.
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
        HeldLocks.entered()
    }

    /// Releases the lock.
    @inline(__always)
    func unlock() {
        HeldLocks.left()
        #if canImport(Darwin)
            os_unfair_lock_unlock(mutex)
        #else
            pthread_mutex_unlock(mutex)
        #endif
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

/// A class whose first stored property is its mutex, so owning the lock costs no allocation of
/// its own (``Lock`` allocates the mutex). The engine's per-subscription control objects use it.
///
/// Invariant: no stored property precedes the mutex (it is reached through
/// `_getUnsafePointerToStoredProperties`, as ``AtomicWord`` reaches its word), and Swift code
/// never reads or writes the property itself after `init`.
class LockingObject: @unchecked Sendable {  // the mutex is the synchronisation
    #if canImport(Darwin)
        private var mutex = os_unfair_lock()
        private var address: UnsafeMutablePointer<os_unfair_lock> {
            _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: os_unfair_lock.self)
        }
    #else
        private var mutex = pthread_mutex_t()
        private var address: UnsafeMutablePointer<pthread_mutex_t> {
            _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: pthread_mutex_t.self)
        }
    #endif

    init() {
        #if !canImport(Darwin)
            pthread_mutex_init(address, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(address)
        #endif
    }

    /// Acquires the lock.
    @inline(__always)
    final func lock() {
        #if canImport(Darwin)
            os_unfair_lock_lock(address)
        #else
            pthread_mutex_lock(address)
        #endif
        HeldLocks.entered()
    }

    /// Releases the lock.
    @inline(__always)
    final func unlock() {
        HeldLocks.left()
        #if canImport(Darwin)
            os_unfair_lock_unlock(address)
        #else
            pthread_mutex_unlock(address)
        #endif
    }
}
