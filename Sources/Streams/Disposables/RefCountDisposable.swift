// States: live (the underlying disposable is kept; `count` dependents hold it); primary disposed
// (`dispose()` was called while dependents remain: the last dependent's disposal disposes it);
// disposed (the underlying disposable was disposed and dropped; `retain()` returns a no-op).
// Transitions run behind the engine's lock; the underlying disposable is disposed after unlocking.

/// A disposable whose underlying disposable is disposed only once it was disposed itself and
/// every dependent disposable handed out by ``retain()`` was disposed (RxSwift's
/// `RefCountDisposable`).
public final class RefCountDisposable: Cancelable, @unchecked Sendable {  // `cell` is the synchronisation
    private struct State {
        var disposable: (any Disposable)?
        var isPrimaryDisposed = false
        var count = 0
    }

    private let cell: LockedCell<State>

    /// Wraps `disposable`.
    public init(disposable: any Disposable) {
        cell = LockedCell(State(disposable: disposable))
    }

    /// `true` once the underlying disposable was disposed.
    public var isDisposed: Bool { cell.read { $0.disposable == nil } }

    /// A dependent disposable that keeps the underlying one alive until it is disposed itself (a
    /// no-op disposable once the underlying one was disposed).
    public func retain() -> any Disposable {
        let retained = cell.update { state -> Bool in
            guard state.disposable != nil else { return false }
            state.count += 1
            return true
        }
        guard retained else { return Disposables.create() }
        return Disposables.create { self.release() }
    }

    /// Disposes the underlying disposable now if no dependent holds it, otherwise when the last
    /// one is disposed.
    public func dispose() {
        let ended = cell.update { state -> (any Disposable)? in
            guard state.disposable != nil, !state.isPrimaryDisposed else { return nil }
            state.isPrimaryDisposed = true
            return state.count == 0 ? state.disposable.take() : nil
        }
        ended?.dispose()
    }

    /// A dependent was disposed (each one once).
    private func release() {
        let ended = cell.update { state -> (any Disposable)? in
            guard state.disposable != nil else { return nil }
            state.count -= 1
            return state.isPrimaryDisposed && state.count == 0 ? state.disposable.take() : nil
        }
        ended?.dispose()
    }
}
