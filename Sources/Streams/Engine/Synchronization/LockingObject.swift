import CStreamsEngine

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
