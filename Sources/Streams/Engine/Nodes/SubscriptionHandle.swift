/// What the caller of `subscribe` keeps: a small disposable that reaches the subscription's
/// ``ConsumerNode`` only while the subscription lives.
///
/// The node holds the caller's closures (or observer); the handle holds the node. When the
/// subscription ends — `dispose()`, a terminal event, or its source going away — the handle lets
/// go of the node, so the closures are released as soon as the source has let go of the node
/// too, while the caller may keep the handle (in a `DisposeBag`, in a property) for as long as
/// it likes. This is the lifetime rule of Docs/Contract.md ("What a subscription keeps, and until
/// when"), and it is RxSwift's: there the caller keeps a disposer that drops its sink.
///
/// States (bit 0 of the atomic word): attached (the handle holds its node); detached (the one
/// caller that set the bit took the node and released it).
///
/// Invariants: `node` is written once, by ``attach(_:)``, before the handle is published; after
/// that it is read and cleared only by the single caller that sets the detached bit. The node is
/// released by that caller, after every engine lock was let go (the node may hold the last
/// reference to the caller's closures, whose captures can do anything in `deinit`).
final class SubscriptionHandle: DisposableNode, Cancelable, @unchecked Sendable {  // see the invariants
    @exclusivity(unchecked) private var node: DisposableNode?  // see the invariants

    init() { super.init(atomicState: 0) }

    /// Connects the handle to its node; called once, by the node's initializer.
    func attach(_ node: DisposableNode) { self.node = node }

    /// `true` once the subscription ended (a `DisposeBag` drops such entries as it grows).
    var isDisposed: Bool { atomicState.load() & 1 != 0 }

    /// Disposes the subscription, unless it already ended, and lets go of the node.
    override func dispose() { detachNode()?.dispose() }

    /// Lets go of the node: the subscription ended by itself (``ConsumerNode`` calls it).
    func detach() { _ = detachNode() }

    /// The node, for the one caller that detaches it; `nil` for every other.
    @inline(__always)
    private func detachNode() -> DisposableNode? {
        guard atomicState.setBits(1) & 1 == 0 else { return nil }
        return node.take()
    }
}
