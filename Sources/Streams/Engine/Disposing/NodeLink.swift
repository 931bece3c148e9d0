/// A disposable as the engine keeps it: a node and a key for ``DisposableNode/dispose(key:)``
/// (the library's own disposables, as their `_streamsUpstreamLink` says), or a boxed foreign one.
/// Not an existential, so keeping, moving and dropping one costs a retain or release, never a
/// call through a value witness.
struct NodeLink {
    let node: DisposableNode
    let key: UInt64

    /// The key of a link that stands for nothing (the no-op disposable's): disposing it does
    /// nothing, and a subscription does not store it.
    static var nothingKey: UInt64 { .max }

    /// The link for `disposable` (boxed if it is not the library's own).
    init(_ disposable: __owned any Disposable) {
        if let link = disposable._streamsUpstreamLink {
            // Only the library's own disposables answer with a link, and their objects are nodes.
            node = unsafeDowncast(link.object, to: DisposableNode.self)
            key = link.key
        } else {
            node = DisposableBox(disposable)
            key = 0
        }
    }

    /// The link for `node` and `key`.
    init(node: DisposableNode, key: UInt64 = 0) {
        self.node = node
        self.key = key
    }

    /// Disposes what the link stands for.
    func dispose() {
        if key == 0 { node.dispose() } else if key != Self.nothingKey { node.dispose(key: key) }
    }

    /// Disposes what the link stands for on behalf of its downstream
    /// (``DisposableNode/disposeFromDownstream()``).
    func disposeFromDownstream() {
        if key == 0 { node.disposeFromDownstream() } else { node.dispose(key: key) }
    }
}
