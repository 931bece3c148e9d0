import CStreamsEngine

/// The engine's process-wide counters: C globals (see `CStreamsEngine.h`), so counting costs one
/// atomic instruction and no lazy initialisation of a Swift global.
@usableFromInline
enum GlobalCounter {
    /// Live subscriptions and scheduled items (``LiveResources/total``; debug builds only).
    case liveResources
    /// Running ``LiveResources/withScope(_:)`` calls.
    case liveScopes
    /// Reasons the inspector records (``Inspector/isRecording``): one while it is enabled, one per
    /// running recording scope.
    case inspectorRecording

    /// Adds `delta`.
    @inline(__always)
    func add(_ delta: Int) {
        switch self {
        case .liveResources: _ = streams_live_resources_add(delta)
        case .liveScopes: _ = streams_live_scopes_add(delta)
        case .inspectorRecording: _ = streams_inspector_recording_add(delta)
        }
    }

    /// Runs `body` with this counter one higher, lowered again however `body` ends (a scope's
    /// whole life: ``LiveResources/withScope(_:_:)``, `Inspector.withRecording`).
    func raised<T>(while body: () throws -> T) rethrows -> T {
        add(1)
        defer { add(-1) }
        return try body()
    }

    /// The asynchronous form of ``raised(while:)``.
    func raised<T>(isolation: isolated (any Actor)? = #isolation, while body: () async throws -> T) async rethrows
        -> T
    {
        add(1)
        defer { add(-1) }
        return try await body()
    }

    /// The current value (a relaxed read).
    @inlinable
    @inline(__always)
    var value: Int {
        switch self {
        case .liveResources: streams_live_resources_load()
        case .liveScopes: streams_live_scopes_load()
        case .inspectorRecording: streams_inspector_recording_load()
        }
    }
}
