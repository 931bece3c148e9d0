/// Holds one replaceable disposable: setting a new one disposes the previous one.
///
/// After `dispose()`, a newly set disposable is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {  // state guarded by `lock`
    private let lock = Lock()
    private var current: (any Disposable)?
    private var disposed = false

    /// Creates an empty serial disposable.
    public init() {}

    /// `true` once disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The current disposable; setting it disposes the previous one (outside the lock).
    public var disposable: any Disposable {
        get { lock.withLock { current ?? NopDisposable() } }
        set {
            let (previous, disposeNew): ((any Disposable)?, Bool) = lock.withLock {
                if disposed { return (nil, true) }
                defer { current = newValue }
                return (current, false)
            }
            previous?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let previous: (any Disposable)? = lock.withLock {
            if disposed { return nil }
            disposed = true
            defer { current = nil }
            return current
        }
        previous?.dispose()
    }
}
