/// Counts the library's live resources — sinks, subject subscriptions and scheduled items — so
/// tests can prove that everything is released after termination or disposal.
///
/// Scopes count in every build: a ``Scope`` counts only what is created while it is the
/// task-local ``current`` scope, which keeps leak checks correct when tests run in parallel, and
/// costs one plain read per subscription while no scope is active. The process-wide ``total``
/// is counted in debug builds only (one atomic add when a resource is created, one when it goes),
/// as RxSwift counts `Resources.total` only when built with `TRACE_RESOURCES`.
public enum LiveResources {
    /// Resources alive in the whole process, counted in debug builds; always 0 in release
    /// builds, where a ``Scope`` is the way to count.
    public static var total: Int { GlobalCounter.liveResources.value }

    /// A task-scoped counter; see ``withScope(_:)``.
    public final class Scope: Sendable {
        private let count = AtomicCounter()

        /// Creates an empty scope.
        public init() {}

        /// Resources created in this scope and still alive.
        public var total: Int { count.value }

        func increment() { count.add(1) }
        func decrement() { count.add(-1) }
    }

    /// The scope new resources are attributed to (besides the global count). Bind it only
    /// through ``withScope(_:)``: a scope bound any other way is not counted into.
    @TaskLocal public static var current: Scope?

    /// Runs `body` with a fresh scope and returns the scope for inspection.
    public static func withScope<T>(_ body: () throws -> T) rethrows -> (Scope, T) {
        let scope = Scope()
        let result = try withScope(scope, body)
        return (scope, result)
    }

    /// Runs `body` with `scope` as the current scope.
    public static func withScope<T>(_ scope: Scope, _ body: () throws -> T) rethrows -> T {
        try GlobalCounter.liveScopes.raised { try $current.withValue(scope) { try body() } }
    }

    /// Runs the asynchronous `body` with `scope` as the current scope.
    public static func withScope<T>(
        _ scope: Scope, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await GlobalCounter.liveScopes.raised { try await $current.withValue(scope) { try await body() } }
    }

    /// Records a new resource; returns the scope to pass to ``release(_:)``.
    @usableFromInline
    static func acquire() -> Scope? {
        #if DEBUG
            GlobalCounter.liveResources.add(1)
        #endif
        // No scope anywhere (the app's normal state) means `current` is nil: skip the task-local
        // lookup, which cost more than the rest of a node's initialization.
        guard GlobalCounter.liveScopes.value > 0 else { return nil }
        let scope = current
        scope?.increment()
        return scope
    }

    /// Records that a resource acquired with ``acquire()`` is gone.
    @usableFromInline
    static func release(_ scope: Scope?) {
        #if DEBUG
            GlobalCounter.liveResources.add(-1)
        #endif
        scope?.decrement()
    }
}
