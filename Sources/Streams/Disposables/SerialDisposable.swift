/// Holds one replaceable disposable: setting a new one disposes the previous one.
///
/// After `dispose()`, a newly set disposable is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {  // `cell` is the synchronisation
    /// States: holding (`current`, possibly nothing); disposed.
    private struct Slot {
        var current: (any Disposable)?
        var isDisposed = false
    }

    private let cell = LockedCell(Slot())

    /// Creates an empty serial disposable.
    public init() {}

    /// `true` once disposed.
    public var isDisposed: Bool { cell.read { $0.isDisposed } }

    /// The current disposable; setting it disposes the previous one (outside the lock).
    public var disposable: any Disposable {
        get { cell.read { $0.current ?? NopDisposable() } }
        set {
            let (previous, disposeNew): ((any Disposable)?, Bool) = cell.update { slot in
                if slot.isDisposed { return (nil, true) }
                defer { slot.current = newValue }
                return (slot.current.take(), false)
            }
            previous?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let previous: (any Disposable)? = cell.update { slot in
            if slot.isDisposed { return nil }
            slot.isDisposed = true
            return slot.current.take()
        }
        previous?.dispose()
    }
}
