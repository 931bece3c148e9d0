// In Engine/ (not Disposables/): it is built directly on an atomic word, and only the engine
// touches atomics.

/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Disposable, Cancelable, @unchecked Sendable {  // the flag is atomic
    private var atomicStorage: Int  // 1 once disposed; only touched through `AtomicWord`

    /// Creates a disposable, optionally already disposed.
    public init(isDisposed: Bool = false) {
        atomicStorage = isDisposed ? 1 : 0
    }

    private var flag: AtomicWord { AtomicWord(firstStoredPropertyOf: self) }

    /// `true` once `dispose()` has been called.
    public var isDisposed: Bool { flag.load() != 0 }

    /// Marks the disposable as disposed.
    public func dispose() { flag.store(1) }
}
