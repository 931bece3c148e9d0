/// Runs a closure once, on the first `dispose()`, and then drops it (and its captures).
///
/// A ``DisposableNode``, so a `create` closure returning `Disposables.create { … }` becomes its
/// node's upstream without a box. Its atomic word is the "ran" flag: the caller that sets it runs
/// the closure, and only that caller touches `action`.
final class ActionDisposable: DisposableNode, @unchecked Sendable {  // `action`: see above
    @exclusivity(unchecked) private var action: (@Sendable () -> Void)?

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    override func dispose() {
        guard atomicState.exchange(1) == 0 else { return }
        let action = self.action.take()
        action?()
    }
}
