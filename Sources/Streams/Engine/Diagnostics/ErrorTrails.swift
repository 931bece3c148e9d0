#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The sites each recent error passed through, source first: what
/// ``Inspector/observedSites(of:)``, the unhandled-error hook and `debug` report.
///
/// A probe that passes an error continues the trail whose last step is the probe's child (the
/// record whose parent is the probe's), or starts a new one. An error is known by its object
/// identity when it is a class instance, otherwise by its type and `String(reflecting:)`; so
/// several trails may share a key (one value failing several chains, perhaps at once). A lookup
/// prefers the trail last extended on the calling thread — an error travels down a chain on one
/// thread, so the subscriber's `onError`, the hook and `debug` find their own chain's — then the
/// most recent one. The table keeps the ``capacity`` most recently extended trails.
enum ErrorTrails {
    /// One recorded operator the error passed.
    struct Step: Sendable {
        let name: String
        let site: CallSite?
        let recordID: UInt64
        let parentID: UInt64?
    }

    /// How an error is recognised.
    enum Key: Hashable {
        case object(ObjectIdentifier)
        case value(String)
    }

    private struct Trail {
        let key: Key
        var steps: [Step]
        /// The thread that extended it last.
        var thread: pthread_t
    }

    /// How many trails are kept.
    static var capacity: Int { 64 }

    private static let trails = Locked<[Trail]>([])

    /// The key of `error` (describing it runs its code, so never under the lock).
    static func key(of error: any Error) -> Key {
        if type(of: error) is AnyClass { return .object(ObjectIdentifier(error as AnyObject)) }
        return .value("\(String(reflecting: type(of: error)))|\(String(reflecting: error))")
    }

    /// Appends `record`'s step to the trail it continues, or starts a trail with it.
    static func passed(_ error: any Error, through record: InspectionRecord) {
        let key = key(of: error)
        let step = Step(name: record.name, site: record.site, recordID: record.id, parentID: record.parent?.id)
        let thread = pthread_self()
        let displaced = trails.withLock { trails -> Trail? in
            if let index = trails.lastIndex(where: { $0.key == key && $0.steps.last?.parentID == record.id }) {
                var trail = trails.remove(at: index)
                trail.steps.append(step)
                trail.thread = thread
                trails.append(trail)
                return nil
            }
            trails.append(Trail(key: key, steps: [step], thread: thread))
            return trails.count > capacity ? trails.removeFirst() : nil
        }
        _ = consume displaced  // released here, after unlocking
    }

    /// The steps `error` passed, source first; empty if no recorded chain passed it.
    static func steps(of error: any Error) -> [Step] {
        let key = key(of: error)
        let thread = pthread_self()
        return trails.withLock { trails in
            let own = trails.last { $0.key == key && pthread_equal($0.thread, thread) != 0 }
            return (own ?? trails.last { $0.key == key })?.steps ?? []
        }
    }

    /// `observed at Search.swift:42 map → :43 flatMapLatest → :47 subscribe`, or `nil` if no
    /// recorded chain passed `error`. A step in the same file as the one before shows only `:line`.
    static func observedAt(_ error: any Error) -> String? {
        let steps = steps(of: error).filter { $0.site != nil }
        guard !steps.isEmpty else { return nil }
        var previousFile: String?
        let parts = steps.map { step -> String in
            let site = step.site!
            defer { previousFile = site.fileID }
            let place = site.fileID == previousFile ? ":\(site.line)" : site.description
            return "\(place) \(step.name)"
        }
        return "observed at " + parts.joined(separator: " → ")
    }
}
