/// The disposable that does nothing; a value type, so returning it allocates nothing.
struct NopDisposable: Disposable {
    func dispose() {}

    /// The shared no-op node, with the key that says "nothing to keep": a subscription drops it
    /// instead of storing it, and finds that out without asking for the disposable's dynamic type.
    var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { (DisposableNode.none, NodeLink.nothingKey) }
}
