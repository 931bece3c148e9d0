import CStreamsEngine

/// State behind the engine's lock: the one place where shared mutable state lives.
///
/// The state can only be reached through ``update(_:)`` and ``read(_:)``, whose bodies are pure
/// transitions: they read and change the state and return what must happen next, and the caller
/// does it after the lock is released. Invariant (Docs/Internals.md): a transition never calls
/// out — no observer, no user closure, no `dispose()` — and never destroys a value it displaces:
/// a displaced element, closure or disposable is moved into the transition's result, so it is
/// released after unlocking.
///
/// Embed it in a class as `private let cell`. The lock word and the state share one allocation
/// that the cell owns, and both methods are non-mutating: the state is first touched after the
/// lock is taken, so no Swift access to the owning object's property starts before the lock
/// orders it (ThreadSanitizer checks exactly that).
struct LockedCell<State>: ~Copyable, @unchecked Sendable {  // the lock word orders every access to `state`
    private let word: UnsafeMutablePointer<streams_lock_t>
    private let state: UnsafeMutablePointer<State>

    /// A cell holding `state`.
    init(_ state: State) {
        let stateOffset = Self.stateOffset
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: stateOffset + MemoryLayout<State>.size,
            alignment: max(MemoryLayout<streams_lock_t>.alignment, MemoryLayout<State>.alignment))
        word = block.bindMemory(to: streams_lock_t.self, capacity: 1)
        word.initialize(to: streams_lock_t())
        self.state = (block + stateOffset).bindMemory(to: State.self, capacity: 1)
        self.state.initialize(to: state)
    }

    deinit {
        state.deinitialize(count: 1)
        UnsafeMutableRawPointer(word).deallocate()
    }

    /// Where the state starts in the block: after the lock word, aligned for `State`.
    private static var stateOffset: Int {
        let alignment = MemoryLayout<State>.alignment
        return (MemoryLayout<streams_lock_t>.size + alignment - 1) / alignment * alignment
    }

    /// Runs `transition` on the state under the lock and returns its result.
    @inline(__always)
    func update<Result>(_ transition: (inout State) throws -> Result) rethrows -> Result {
        streams_lock_acquire(word)
        HeldLocks.entered()
        defer {
            HeldLocks.left()
            streams_lock_release(word)
        }
        return try transition(&state.pointee)
    }

    /// Reads the state under the lock.
    @inline(__always)
    func read<Result>(_ body: (State) throws -> Result) rethrows -> Result {
        streams_lock_acquire(word)
        HeldLocks.entered()
        defer {
            HeldLocks.left()
            streams_lock_release(word)
        }
        return try body(state.pointee)
    }
}
