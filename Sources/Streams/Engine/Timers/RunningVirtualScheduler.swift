import CStreamsEngine

/// The virtual-time scheduler running work on this thread, published in a thread-local slot for
/// exactly the duration of its run loop (or of its `runAsWork`), so that an async bridge subscribed
/// from that work can start its task on the scheduler (see `VirtualTimeExecutor.swift`).
///
/// The slot holds the scheduler unretained: it is set and cleared by the scheduler's own method,
/// which keeps the scheduler alive meanwhile. Only its own thread touches it.
enum RunningVirtualScheduler {
    /// Publishes `host` as this thread's running scheduler; returns the previous one for
    /// ``leave(restoring:)``.
    @inline(__always)
    static func enter(_ host: any AnyObject & Sendable) -> UnsafeMutableRawPointer? {
        let previous = streams_virtual_scheduler_get()
        streams_virtual_scheduler_set(Unmanaged.passUnretained(host).toOpaque())
        return previous
    }

    /// Restores the slot ``enter(_:)`` returned.
    @inline(__always)
    static func leave(restoring previous: UnsafeMutableRawPointer?) {
        streams_virtual_scheduler_set(previous)
    }

    /// The scheduler running work on this thread, if any (the async bridges ask it for the
    /// protocol they need; the engine does not know it).
    static var current: AnyObject? {
        guard let pointer = streams_virtual_scheduler_get() else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }
}
