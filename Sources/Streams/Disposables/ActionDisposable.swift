import Synchronization

// Unchecked Sendable: `action` is touched only by the one caller that wins `disposed`
/// Runs a closure once, on the first `dispose()`, and then drops it (and its captures).
///
/// A ``DisposableNode``, so a `create` closure returning `Disposables.create { … }` becomes its
/// node's upstream without a box.
final class ActionDisposable: DisposableNode, Disposable, @unchecked Sendable {
    private let disposed = Atomic<Bool>(false)
    private var action: (@Sendable () -> Void)?

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    /// Stored by a subscription node as itself (see ``DisposableNode``).
    var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { (self, 0) }

    override func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
