/// A subscription followed by an action (`do`'s `onDispose`, `using`'s resource), as one upstream
/// of a sink: disposing it disposes the subscription, then runs the action, and passes an early
/// release from downstream on (``DisposableNode/disposeFromDownstream()``).
///
/// The sink that holds it as its upstream disposes it exactly once (its state word decides when),
/// so it keeps no flag of its own.
final class SubscriptionThenAction: DisposableNode, @unchecked Sendable {  // immutable after init
    private let subscription: NodeLink
    private let action: @Sendable () -> Void

    init(_ subscription: any Disposable, action: @escaping @Sendable () -> Void) {
        self.subscription = NodeLink(subscription)
        self.action = action
    }

    override func dispose() {
        subscription.dispose()
        action()
    }

    override func disposeFromDownstream() {
        subscription.disposeFromDownstream()
        action()
    }
}
