/// The sites each recent error passed through, source first: what
/// ``Inspector/observedSites(of:)``, the unhandled-error hook and `debug` report.
///
/// A probe that passes an error appends its step to the error's trail. An error is known by its
/// object identity when it is a class instance, otherwise by its type and `String(reflecting:)`;
/// so the same value failing a second chain would extend the first one's trail, a step whose
/// record is not the parent of the trail's last step starts the trail again. The table keeps the
/// ``capacity`` most recent trails.
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
    }

    /// How many trails are kept.
    static var capacity: Int { 64 }

    private static let trails = Locked<[Trail]>([])

    /// The key of `error` (describing it runs its code, so never under the lock).
    static func key(of error: any Error) -> Key {
        if type(of: error) is AnyClass { return .object(ObjectIdentifier(error as AnyObject)) }
        return .value("\(String(reflecting: type(of: error)))|\(String(reflecting: error))")
    }

    /// Appends `record`'s step to `error`'s trail, or starts the trail with it.
    static func passed(_ error: any Error, through record: InspectionRecord) {
        let key = key(of: error)
        let step = Step(name: record.name, site: record.site, recordID: record.id, parentID: record.parent?.id)
        let displaced = trails.withLock { trails -> [Trail] in
            if let index = trails.lastIndex(where: { $0.key == key }) {
                var trail = trails.remove(at: index)
                if trail.steps.last?.parentID != record.id {
                    let old = trail
                    trail.steps = [step]
                    trails.append(trail)
                    return [old]
                }
                trail.steps.append(step)
                trails.append(trail)
                return []
            }
            trails.append(Trail(key: key, steps: [step]))
            guard trails.count > capacity else { return [] }
            return [trails.removeFirst()]
        }
        _ = consume displaced  // released here, after unlocking
    }

    /// The steps `error` passed, source first; empty if no recorded chain passed it.
    static func steps(of error: any Error) -> [Step] {
        let key = key(of: error)
        return trails.withLock { trails in trails.last { $0.key == key }?.steps ?? [] }
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
