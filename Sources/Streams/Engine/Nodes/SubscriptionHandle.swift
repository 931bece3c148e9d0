/// What the caller of `subscribe` keeps (unless the subscription ends a pipeline: see
/// ``PipelineEndNode``): a value that reaches the subscription's ``ConsumerNode`` only while the
/// subscription lives, and costs no allocation (three words, inside the `any Disposable` it is
/// returned as).
///
/// The handle holds its node `unowned`. Swift runs an object's `deinit` — here releasing the
/// caller's closures or observer — when its last strong reference goes, but keeps the object's
/// memory until its last unowned reference goes too. While the subscription lives, the node
/// holds itself (see ``ConsumerNode``); when the subscription ends — `dispose()`, a terminal
/// event, or its source going away — the node lets go of itself, and goes as soon as its source
/// has let go of it too, while the caller may keep the handle (in a `DisposeBag`, in a property)
/// for as long as it likes. What the handle then keeps is the node's memory, whose state word
/// says that the subscription ended, and nothing the node referenced. This is the lifetime rule
/// of Docs/Contract.md ("What a subscription keeps, and until when"), and it is RxSwift's: there
/// the caller keeps a disposer that drops its sink.
///
/// Its `_streamsUpstreamLink` is the default `nil`: a link would hold the node, so a node that
/// keeps a handle as its upstream (one returned from `create`'s closure) boxes it.
///
/// States: those of the node's state word (``SubscriptionState``): live (disposed bit clear: the
/// node holds itself, so it is alive); ended (disposed bit set: the node may be gone, and only its
/// word is left to read).
///
/// Invariants:
/// - The handle touches the node only through `word` (which is in memory that `memory` keeps
///   allocated) until it sets the disposed bit itself: then the subscription ends by this call,
///   the node's reference to itself is still there (only the caller that set the bit drops it),
///   and the handle takes it over to reach the node through `node`, dropping it once the node
///   has torn down.
/// - `memory` is never read: reading an `unowned` reference to an object whose `deinit` ran
///   stops the program. It is there for what copying and destroying it do to the object's
///   unowned count.
struct SubscriptionHandle: Cancelable, @unchecked Sendable {  // the word is only touched through `AtomicWord`
    /// Keeps the node's memory (not the node) allocated while the handle lives; never read.
    private unowned let memory: DisposableNode
    /// The node, reached only by the call that ended the subscription (see the invariants).
    private let node: Unmanaged<DisposableNode>
    /// The node's state word.
    private let word: AtomicWord

    /// The handle of `node`, a live ``ConsumerNode`` (its initializer took its self-reference).
    init(_ node: DisposableNode) {
        memory = node
        self.node = Unmanaged.passUnretained(node)
        word = node.atomicState
    }

    /// `true` once the subscription ended (a `DisposeBag` drops such entries as it grows).
    var isDisposed: Bool { SubscriptionState.isDisposed(word.load()) }

    /// Disposes the subscription, unless it already ended.
    func dispose() {
        guard let previous = SubscriptionState.markDisposed(word) else { return }
        // This call ended the subscription, so the node's reference to itself is this call's to
        // drop: it becomes `node`, which keeps the node while it tears down.
        let node = node.takeRetainedValue()
        node.tearDownAfterHandleDisposal(previousState: previous)
        withExtendedLifetime(node) {}
    }
}
