/// An operator's observable as the ``Inspector`` records it: subscribing it subscribes the
/// operator through an ``InspectionProbe``, which records the subscription under the thread's
/// current parent and forwards everything unchanged.
///
/// It is not a pipeline stage, so element-wise operators do not share a node while recorded:
/// each gets its own node in the snapshot, with its own counts.
final class InspectedObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let name: String
    let site: CallSite?
    let tag: String?
    /// `true` for a subscriber (`subscribe`, `bind`, `drive`): always a root of the snapshot.
    let isRoot: Bool
    /// The recording scope that was current when the operator was applied (`nil`: global).
    let scope: Inspector.RecordingScope?

    init(
        source: Observable<Element>, name: String, site: CallSite?, tag: String?, isRoot: Bool,
        scope: Inspector.RecordingScope?
    ) {
        self.source = source
        self.name = name
        self.site = site
        self.tag = tag
        self.isRoot = isRoot
        self.scope = scope
    }

    /// The same recorded operator, carrying `tag`.
    func tagged(_ tag: String) -> InspectedObservable<Element> {
        InspectedObservable(source: source, name: name, site: site, tag: tag, isRoot: isRoot, scope: scope)
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let source = source
        return Inspector.subscribeRecorded(
            receiver, name: name, site: site, tag: tag, isRoot: isRoot, scope: scope
        ) { probe in source.subscribe(probe) }
    }
}
