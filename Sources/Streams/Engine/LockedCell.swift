/// State behind the engine's lock: the one place where shared mutable state lives.
///
/// The state can only be reached through ``update(_:)`` and ``read(_:)``, whose bodies are pure
/// transitions: they read and change the state and return what must happen next, and the caller
/// does it after the lock is released. Invariant (Docs/Internals.md): a transition never calls
/// out — no observer, no user closure, no `dispose()` — and never destroys a value it displaces:
/// a displaced element, closure or disposable is moved into the transition's result, so it is
/// released after unlocking.
///
/// Embed it in a class as `@exclusivity(unchecked) private var cell`: the lock, not Swift's
/// dynamic exclusivity checks, is what orders concurrent transitions.
struct LockedCell<State>: ~Copyable {
    private let lock = Lock()
    private var state: State

    /// A cell holding `state`.
    init(_ state: State) { self.state = state }

    /// Runs `transition` on the state under the lock and returns its result.
    @inline(__always)
    mutating func update<Result>(_ transition: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try transition(&state)
    }

    /// Reads the state under the lock.
    @inline(__always)
    mutating func read<Result>(_ body: (State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(state)
    }
}
