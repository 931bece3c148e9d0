/// The node at the end of a chain that the app subscribed: it calls the app's closures or
/// observer, and the app keeps its ``SubscriptionHandle``, never the node itself.
///
/// States: as ``SubscriptionNode``; in addition the node is attached to its handle from `init`
/// until the subscription ends.
///
/// Invariants:
/// - The node and its handle hold each other while the subscription lives; the cycle is broken
///   when it ends — by ``SubscriptionNode/disposeResources()`` after a dispose or a terminal
///   event, or by ``upstreamWentAway()`` — so the node, and with it the app's closures, goes as
///   soon as the source lets go of it (an element being delivered keeps it until the call
///   returns).
/// - Subclasses keep their closures in `let`s: a delivery reads them without reference counting,
///   and nothing clears them while a delivery on another thread may be reading them.
@usableFromInline
class ConsumerNode<Element>: SubscriptionNode<Element>, @unchecked Sendable {  // see the invariants
    /// What the app keeps.
    final let handle = SubscriptionHandle()

    override init() {
        super.init()
        handle.attach(self)
    }

    /// The subscription ended by disposal or a terminal event: runs ``consumerEnded()``, then
    /// breaks the cycle with the handle.
    override final func disposeResources() {
        consumerEnded()
        handle.detach()
    }

    /// The source let go of this subscription without ending it (a subject that went away): the
    /// handle lets go of the node, and no closure runs (as nothing ended it, `onDisposed` does not
    /// run either, as in RxSwift).
    override final func upstreamWentAway() {
        guard markDisposedSilently() else { return }
        handle.detach()
    }

    /// Subclass hook: the subscription ended (after the terminal handler, or on disposal). Runs
    /// once, outside every lock.
    func consumerEnded() {}
}
