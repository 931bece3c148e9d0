/// An operator as the ``Inspector`` records it when it is applied: what the records of its
/// subscriptions will say (name, site, tag), whether they are roots, and the recording scope it
/// was applied in. ``InspectedObservable`` carries it; each subscription makes an
/// ``InspectionRecord`` from it.
struct RecordedOperator: Sendable {
    /// The operator's name (`map`, `flatMapLatest`, `subscribe`, `tag`).
    let name: String
    /// Where the app applied it.
    let site: CallSite?
    /// The name `tag(_:)` gave it.
    var tag: String?
    /// `true` for a subscriber (`subscribe`, `bind`, `drive`): always a root of the snapshot.
    let isRoot: Bool
    /// The recording scope that was current when it was applied (`nil`: global).
    let scope: Inspector.RecordingScope?
}
