import Synchronization

// Unchecked Sendable: `action` is touched only by the one caller that wins `disposed`
/// Runs a closure once, on the first `dispose()`, and then drops it (and its captures).
final class ActionDisposable: Disposable, @unchecked Sendable {
    private let disposed = Atomic<Bool>(false)
    private var action: (@Sendable () -> Void)?

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
