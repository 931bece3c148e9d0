/// An operator's observable as the ``Inspector`` records it: subscribing it subscribes the
/// operator through an ``InspectionProbe``, which records the subscription under the thread's
/// current parent and forwards everything unchanged.
///
/// It is not a pipeline stage, so element-wise operators do not share a node while recorded:
/// each gets its own node in the snapshot, with its own counts.
final class InspectedObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let recorded: RecordedOperator

    init(source: Observable<Element>, recorded: RecordedOperator) {
        self.source = source
        self.recorded = recorded
    }

    /// The same recorded operator, carrying `tag`.
    func tagged(_ tag: String) -> InspectedObservable<Element> {
        var recorded = recorded
        recorded.tag = tag
        return InspectedObservable(source: source, recorded: recorded)
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let source = source
        return Inspector.subscribeRecorded(receiver, as: recorded) { probe in source.subscribe(probe) }
    }
}
