/// What the ``Inspector`` knows about one recorded subscription of one operator: who it is
/// (name, site, tag, parent) and what passed through it (counts, the last element's description).
///
/// The probe that passes the events updates the counts on its own thread; ``Inspector/snapshot()``
/// reads them from any thread, so they sit behind the record's lock, which is never held while
/// anything is delivered or described. A record holds no element, observer or disposable: only
/// strings and its parent's record, so the registry keeping it keeps nothing of the app's alive.
///
/// States: live (registered; counting); ended (the subscription was disposed, finished or
/// released: unregistered, and never registered again).
final class InspectionRecord: Sendable {
    /// What changes per event.
    struct Counts {
        var elements = 0
        var errors = 0
        var completions = 0
        var lastElement: String?
        var hasEnded = false
    }

    /// Creation order, which is the snapshot's order.
    let id: UInt64
    let name: String
    let site: CallSite?
    let tag: String?
    /// The recorded subscription this one belongs to (the operator below it), or `nil` for a root.
    let parent: InspectionRecord?
    /// `true` if subscribed while its parent handled an event (an inner subscription).
    let isInner: Bool
    /// The recording scope that recorded it (`nil`: the global inspector).
    let scope: Inspector.RecordingScope?
    private let counts = LockedCell(Counts())

    /// A subscription of `recorded`, under `parent`, in `scope`.
    init(of recorded: RecordedOperator, parent: InspectionRecord?, isInner: Bool, scope: Inspector.RecordingScope?) {
        id = InspectionRegistry.nextID()
        name = recorded.name
        site = recorded.site
        tag = recorded.tag
        self.parent = parent
        self.isInner = isInner
        self.scope = scope
    }

    /// Counts an element and keeps `description` as the last one (the old one is released after
    /// unlocking).
    func passed(elementDescribedAs description: String) {
        let old = counts.update { counts in
            counts.elements += 1
            let old = counts.lastElement
            counts.lastElement = description
            return old
        }
        _ = consume old  // released here, after unlocking
    }

    /// Counts a failure.
    func passedError() { counts.update { $0.errors += 1 } }

    /// Counts a completion.
    func passedCompletion() { counts.update { $0.completions += 1 } }

    /// Marks the record ended; `true` for the one call that did (it unregisters the record).
    func end() -> Bool {
        counts.update { counts in
            defer { counts.hasEnded = true }
            return !counts.hasEnded
        }
    }

    /// The counts now.
    var currentCounts: Counts { counts.read { $0 } }

    /// Describes an element for the snapshot: its `description` (quoted for strings), at most
    /// ``maximumDescriptionLength`` characters, the end cut to `…`.
    static func describe<Element>(_ element: Element, quoted: Bool) -> String {
        let text = String(describing: element)
        let limit = maximumDescriptionLength - (quoted ? 2 : 0)
        let shortened = text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
        return quoted ? "\"\(shortened)\"" : shortened
    }

    /// The longest element description a snapshot shows.
    static var maximumDescriptionLength: Int { 60 }
}
