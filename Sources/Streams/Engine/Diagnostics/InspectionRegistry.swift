/// The live recorded subscriptions, process-wide: what ``Inspector/snapshot()`` reads.
///
/// A probe registers its record before subscribing its operator and unregisters it once, when
/// its subscription is disposed, finishes or is released. The lock is held only to add, remove or
/// copy records, never while anything is delivered, described or released (a removed record is
/// released after unlocking).
enum InspectionRegistry {
    private static let records = Locked<[UInt64: InspectionRecord]>([:])
    private static let lastID = AtomicCounter()

    /// A new record's id: creation order.
    static func nextID() -> UInt64 { UInt64(lastID.add(1) + 1) }

    /// Adds a live record. A live record keeps ``Inspector/isRecording`` raised, so that what its
    /// subscription subscribes later (a subject, an inner observable built while it delivers) is
    /// recorded whatever else records meanwhile.
    static func register(_ record: InspectionRecord) {
        GlobalCounter.inspectorRecording.add(1)
        records.withLock { $0[record.id] = record }
    }

    /// Removes `record` if this is the first call that ended it.
    static func unregister(_ record: InspectionRecord) {
        guard record.end() else { return }
        GlobalCounter.inspectorRecording.add(-1)
        let removed = records.withLock { $0.removeValue(forKey: record.id) }
        _ = consume removed  // released here, after unlocking
    }

    /// The live records of `scope` (`nil`: those the global inspector recorded), in creation order.
    static func liveRecords(where include: (Inspector.RecordingScope?) -> Bool) -> [InspectionRecord] {
        let all = records.withLock { Array($0.values) }
        return all.filter { include($0.scope) }.sorted { $0.id < $1.id }
    }
}
