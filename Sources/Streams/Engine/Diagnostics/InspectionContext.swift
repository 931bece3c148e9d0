import CStreamsEngine

/// The inspector's current parent on this thread: the recorded subscription that the next
/// recorded subscription made on this thread belongs to.
///
/// States: none (outside every recorded subscription: a new one is a root); subscribing (a probe
/// is subscribing its operator's sources: what they subscribe is recorded under it); delivering (a
/// probe is handing an event to the operator below it: what that operator subscribes now — an
/// inner subscription, such as `flatMapLatest`'s — is recorded under that operator, as inner).
///
/// The slot is a C thread-local holding an unretained ``InspectionRecord``: the probe that sets it
/// keeps the record alive until it restores the previous value, which it always does before
/// returning. Its low bit says "delivering" (an object pointer's low bits are zero).
enum InspectionContext {
    /// The current parent and whether it was set by a delivery.
    static var current: (record: InspectionRecord, isDelivering: Bool)? {
        guard let raw = streams_inspection_get() else { return nil }
        let bits = UInt(bitPattern: raw)
        let pointer = UnsafeRawPointer(bitPattern: bits & ~1)!
        return (Unmanaged<InspectionRecord>.fromOpaque(pointer).takeUnretainedValue(), bits & 1 != 0)
    }

    /// `true` if a recorded subscription is subscribing or delivering on this thread.
    static var isActive: Bool { streams_inspection_get() != nil }

    /// Makes `record` the current parent (`delivering` or subscribing); returns what to
    /// ``restore(_:)`` afterwards. `nil` clears the slot: a root delivers to the app.
    @inline(__always)
    static func enter(_ record: InspectionRecord?, delivering: Bool) -> UnsafeMutableRawPointer? {
        let previous = streams_inspection_get()
        if let record {
            let bits = UInt(bitPattern: Unmanaged.passUnretained(record).toOpaque()) | (delivering ? 1 : 0)
            streams_inspection_set(UnsafeMutableRawPointer(bitPattern: bits))
        } else {
            streams_inspection_set(nil)
        }
        return previous
    }

    /// Puts back the value ``enter(_:delivering:)`` returned.
    @inline(__always)
    static func restore(_ previous: UnsafeMutableRawPointer?) { streams_inspection_set(previous) }
}
