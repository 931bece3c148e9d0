/// Holds a disposable that is not a ``DisposableNode`` (a user's, or a public disposable class),
/// so it can be a node's upstream. The only case where becoming an upstream allocates.
final class DisposableBox: DisposableNode, @unchecked Sendable {  // immutable after init
    private let wrapped: any Disposable
    init(_ wrapped: any Disposable) { self.wrapped = wrapped }
    override func dispose() { wrapped.dispose() }
}
