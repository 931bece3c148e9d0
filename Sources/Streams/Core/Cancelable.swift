/// A disposable that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
    /// `true` once `dispose()` has been called.
    var isDisposed: Bool { get }
}
