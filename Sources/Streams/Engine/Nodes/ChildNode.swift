/// The parent of child subscriptions: the sink of a multi-source or higher-order operator, told
/// what each child (an inner or secondary source) delivers. `key` is what the parent gave the
/// child when it made it: an index, or an id that tells a stale inner from the current one.
protocol ChildOwner<ChildElement>: AnyObject, Sendable {
    /// The element type of the children.
    associatedtype ChildElement
    /// A child delivered an element.
    func childReceived(_ element: ChildElement, key: Int)
    /// A child failed; its subscription is already torn down.
    func childFailed(_ error: any Error, key: Int)
    /// A child completed; its subscription is already torn down.
    func childCompleted(key: Int)
}

/// The one node every operator uses to subscribe to a source it does not receive through its
/// own upstream (the inner observables of `flatMap`, the second source of `withLatestFrom`, the
/// sides of `combineLatest`): it forwards each event to its owner with its key.
///
/// Generic over the owner's type rather than holding an existential: the owner's conformance is
/// resolved once, in the class metadata, instead of once per child created (a runtime witness
/// table lookup), and a delivery is a direct witness call. States keep children as their
/// non-generic base, ``DisposableNode``.
///
/// The owner holds the child (to dispose it) and the child holds the owner (to report to it);
/// the owner drops the child when the child terminates or when the owner is disposed, which
/// breaks the cycle.
// Unchecked Sendable: immutable after init (see SubscriptionNode)
final class ChildNode<Owner: ChildOwner>: SubscriptionNode<Owner.ChildElement>, @unchecked Sendable {
    private let owner: Owner
    /// What the owner calls this child.
    let key: Int

    required init(owner: Owner, key: Int) {
        self.owner = owner
        self.key = key
        super.init()
    }

    override func onNext(_ element: Owner.ChildElement) {
        if !isDisposed { owner.childReceived(element, key: key) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        owner.childFailed(error, key: key)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        owner.childCompleted(key: key)
    }

    /// Subscribes the child to `source`.
    func subscribe(to source: Observable<Owner.ChildElement>) {
        setUpstream(source.subscribe(self))
    }
}
