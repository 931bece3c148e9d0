/// The node at the end of a chain that the app subscribed: it calls the app's closures or
/// observer, and the app keeps its ``SubscriptionHandle``, which holds the node `unowned`.
///
/// States: as ``SubscriptionNode``. While the subscription lives (the disposed bit is clear) the
/// node holds one strong reference to itself.
///
/// Invariants:
/// - The self-reference is taken in `init` and dropped once, when the subscription ends, by the
///   caller that set the disposed bit: in ``SubscriptionNode/disposeResources()`` after a
///   dispose or a terminal event, or in ``upstreamWentAway()``; a ``SubscriptionHandle`` that
///   set the bit takes the reference over instead, and drops it once the node has torn down. So
///   the node lives while the app can still dispose it, and goes — with the app's closures — as
///   soon as the source lets go of it after the end (an element being delivered keeps it until
///   the call returns); the app's handle then keeps only its memory.
/// - Every caller that ends the subscription holds a strong reference to the node meanwhile (the
///   source delivering a terminal event, the subject telling it it went away, the handle after
///   ``SubscriptionHandle/dispose()`` set the bit), so dropping the self-reference never runs
///   `deinit` under a method of the node.
/// - Subclasses keep their closures in `let`s: a delivery reads them without reference counting,
///   and nothing clears them while a delivery on another thread may be reading them.
@usableFromInline
class ConsumerNode<Element>: SubscriptionNode<Element>, @unchecked Sendable {  // see the invariants
    override init() {
        super.init()
        _ = Unmanaged.passRetained(self)  // the self-reference (see the invariants)
    }

    /// What the app keeps.
    final var handle: SubscriptionHandle { SubscriptionHandle(self) }

    /// The subscription ended by disposal or a terminal event: runs ``consumerEnded()``, then
    /// drops the self-reference.
    override final func disposeResources() {
        consumerEnded()
        Unmanaged.passUnretained(self).release()
    }

    /// The source let go of this subscription without ending it (a subject that went away): the
    /// node drops its self-reference, and no closure runs (as nothing ended it, `onDisposed` does
    /// not run either, as in RxSwift).
    override final func upstreamWentAway() {
        guard markDisposedSilently() else { return }
        Unmanaged.passUnretained(self).release()
    }

    /// The app's handle set the disposed bit: the node tears down as `dispose()` does, except
    /// that the handle drops the self-reference (it took it over).
    override final func tearDownAfterHandleDisposal(previousState: Int) {
        tearDownUpstream(previousState: previousState)
        consumerEnded()
    }

    /// Subclass hook: the subscription ended (after the terminal handler, or on disposal). Runs
    /// once, outside every lock.
    func consumerEnded() {}
}
