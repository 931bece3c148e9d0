/// The receiver a recorded subscription puts between an operator and the operator below it: it
/// counts what passes (in its ``InspectionRecord``), records the sites an error passes
/// (``ErrorTrails``), and forwards every event unchanged, in the same order, on the same thread.
///
/// Transparency: the probe is a plain ``Sink``: it forwards nothing after a terminal event or
/// disposal, releases its upstream on a terminal event as any sink does, and passes a subject's
/// going away on to the node below (which would have been told directly). It is not counted in
/// ``LiveResources``, so inspecting does not change what a leak check counts.
///
/// While it hands an event down it makes its parent — the operator that receives the event — the
/// thread's ``InspectionContext``, so what that operator subscribes meanwhile (an inner
/// subscription) is recorded under it. No lock is held while it delivers: its record's lock and the
/// registry's are taken only around their own updates.
///
/// States: as ``SubscriptionNode``; its record is registered from before it subscribes until the
/// subscription is disposed, finishes or is released, whichever comes first.
final class InspectionProbe<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    let record: InspectionRecord
    /// Whether elements are strings, described in quotes.
    private let quotesElements: Bool

    init(record: InspectionRecord, downstream: Receiver<Element>) {
        self.record = record
        quotesElements = Element.self is any StringProtocol.Type
        super.init(downstream: downstream, uncounted: ())
    }

    deinit { InspectionRegistry.unregister(record) }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        record.passed(elementDescribedAs: InspectionRecord.describe(element, quoted: quotesElements))
        let previous = InspectionContext.enter(record.parent, delivering: true)
        forwardNext(element)
        InspectionContext.restore(previous)
    }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        record.passedError()
        ErrorTrails.passed(error, through: record)
        let previous = InspectionContext.enter(record.parent, delivering: true)
        forwardError(error)
        InspectionContext.restore(previous)
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        record.passedCompletion()
        let previous = InspectionContext.enter(record.parent, delivering: true)
        forwardCompleted()
        InspectionContext.restore(previous)
    }

    /// The subscription ended (disposed, or its terminal event was handled): it leaves the
    /// snapshot now.
    override func disposeResources() { InspectionRegistry.unregister(record) }

    /// A subject let go of this probe: it leaves the snapshot, and the node below is told, as the
    /// subject would have told it.
    override func upstreamWentAway() {
        guard markDisposedSilently() else { return }
        InspectionRegistry.unregister(record)
        downstream.upstreamWentAway()
    }
}

extension Inspector {
    /// Subscribes `receiver` through a new probe recording a subscription of `recorded`: the
    /// probe's record goes under the thread's current parent unless the operator is a root, and
    /// `subscribe` subscribes the probe to the operator's source while the probe is the current
    /// parent.
    static func subscribeRecorded<Element>(
        _ receiver: Receiver<Element>, as recorded: RecordedOperator,
        subscribe: (Receiver<Element>) -> any Disposable
    ) -> any Disposable {
        let context = recorded.isRoot ? nil : InspectionContext.current
        let record = InspectionRecord(
            of: recorded, parent: context?.record, isInner: context?.isDelivering ?? false,
            scope: context?.record.scope ?? currentScope ?? recorded.scope)
        let probe = InspectionProbe(record: record, downstream: receiver)
        InspectionRegistry.register(record)
        let previous = InspectionContext.enter(record, delivering: false)
        let upstream = subscribe(probe)
        InspectionContext.restore(previous)
        probe.setUpstream(upstream)
        return probe
    }
}
