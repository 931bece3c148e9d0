import Synchronization

/// A disposable that can be set once; disposing it before it is set disposes the value when it
/// arrives.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {  // `inner` is published by `state`
    private static let assigned = 1
    private static let disposedBit = 2
    private let state = Atomic<Int>(0)
    private var inner: (any Disposable)?

    /// Creates an unassigned disposable.
    public init() {}

    /// `true` once disposed.
    public var isDisposed: Bool { state.load(ordering: .acquiring) & Self.disposedBit != 0 }

    /// Sets the disposable. Setting it twice is a programming error.
    public func setDisposable(_ disposable: any Disposable) {
        inner = disposable
        let old = state.bitwiseOr(Self.assigned, ordering: .acquiringAndReleasing).oldValue
        precondition(old & Self.assigned == 0, "SingleAssignmentDisposable was assigned twice")
        if old & Self.disposedBit != 0 {
            inner = nil
            disposable.dispose()
        }
    }

    /// Disposes the assigned disposable, now or when it is set.
    public func dispose() {
        let old = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        guard old & Self.disposedBit == 0, old & Self.assigned != 0 else { return }
        let disposable = inner
        inner = nil
        disposable?.dispose()
    }
}
