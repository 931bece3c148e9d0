import CStreamsEngine

/// One word of atomic state, stored as the first stored property of the object that owns it.
///
/// Engine objects that need an atomic flag or counter (subscription nodes, one-shot disposables,
/// scheduled items, resource counters) declare `private var atomicStorage = 0` as the first
/// stored property of their class hierarchy and reach it through this view. The address is the
/// start of the object's stored properties (what swift-atomics' `ManagedAtomic` relies on too),
/// and every access goes through the C11 atomics of `CStreamsEngine`, which work on every
/// platform the package supports and which ThreadSanitizer understands.
///
/// Invariant: no stored property precedes the word, and Swift code never reads or writes the
/// property itself after `init`.
struct AtomicWord {
    private let address: UnsafeMutableRawPointer

    /// The word at the start of `object`'s stored properties.
    @inline(__always)
    init(firstStoredPropertyOf object: AnyObject) {
        address = _getUnsafePointerToStoredProperties(object)
    }

    /// The word at `address` (a stored property reached by its offset; see ``LockingObject``).
    @inline(__always)
    init(address: UnsafeMutableRawPointer) {
        self.address = address
    }

    /// The value, ordered after every write published with a releasing operation.
    @inline(__always) func load() -> Int { streams_atomic_load_acquire(address) }

    /// The value, with no ordering and no sanitizer hand-over: the per-delivery disposal check,
    /// which only decides whether to skip an element and orders no other memory.
    @inline(__always) func peek() -> Int { streams_atomic_peek(address) }

    /// The value, with no ordering (statistics, bits only this thread writes).
    @inline(__always) func loadRelaxed() -> Int { streams_atomic_load_relaxed(address) }

    /// Stores `value`, publishing the writes made before it.
    @inline(__always) func store(_ value: Int) { streams_atomic_store_release(address, value) }

    /// Sets `bits`; returns the previous value.
    @inline(__always) func setBits(_ bits: Int) -> Int { streams_atomic_fetch_or(address, bits) }

    /// Clears `bits`; returns the previous value.
    @inline(__always) func clearBits(_ bits: Int) -> Int { streams_atomic_fetch_and(address, ~bits) }

    /// Adds `delta` with no ordering (counters); returns the previous value.
    @inline(__always) func add(_ delta: Int) -> Int { streams_atomic_fetch_add_relaxed(address, delta) }

    /// Replaces the value; returns the previous one.
    @inline(__always) func exchange(_ value: Int) -> Int { streams_atomic_exchange(address, value) }

    /// Replaces `expected` with `desired`; returns `false` (and the current value in `expected`)
    /// if the word held something else.
    @inline(__always)
    func compareExchange(expected: inout Int, desired: Int) -> Bool {
        streams_atomic_compare_exchange(address, &expected, desired)
    }
}
