import CStreamsEngine

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
