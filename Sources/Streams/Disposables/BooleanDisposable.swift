import Synchronization

/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Disposable, Cancelable {
    private let disposed: Atomic<Bool>

    /// Creates a disposable, optionally already disposed.
    public init(isDisposed: Bool = false) {
        disposed = Atomic(isDisposed)
    }

    /// `true` once `dispose()` has been called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Marks the disposable as disposed.
    public func dispose() { disposed.store(true, ordering: .releasing) }
}

/// A disposable that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
    /// `true` once `dispose()` has been called.
    var isDisposed: Bool { get }
}
