// In Engine/ (not Disposables/): it is built directly on an atomic word, and only the engine
// touches atomics.

/// A disposable that can be set once; disposing it before it is set disposes the value when it
/// arrives.
///
/// States: empty; assigned (holds the disposable); disposed (before or after assignment). The
/// atomic word holds the two bits, and `inner` is published by the "assigned" bit: only the
/// caller that completes the pair (assigns after disposal, or disposes after assignment) takes it.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {  // see the states above
    private var atomicStorage = 0  // the state bits; only touched through `AtomicWord`
    @exclusivity(unchecked) private var inner: (any Disposable)?
    private static var assignedBit: Int { 1 }
    private static var disposedBit: Int { 2 }

    /// Creates an unassigned disposable.
    public init() {}

    private var state: AtomicWord { AtomicWord(firstStoredPropertyOf: self) }

    /// `true` once disposed.
    public var isDisposed: Bool { state.load() & Self.disposedBit != 0 }

    /// Sets the disposable. Setting it twice is a programming error.
    public func setDisposable(_ disposable: any Disposable) {
        inner = disposable
        let old = state.setBits(Self.assignedBit)
        precondition(old & Self.assignedBit == 0, "SingleAssignmentDisposable was assigned twice")
        if old & Self.disposedBit != 0 {
            inner = nil
            disposable.dispose()
        }
    }

    /// Disposes the assigned disposable, now or when it is set.
    public func dispose() {
        let old = state.setBits(Self.disposedBit)
        guard old & Self.disposedBit == 0, old & Self.assignedBit != 0 else { return }
        let disposable = inner.take()
        disposable?.dispose()
    }
}
