// A `Completable` only completes or fails: its observable is an `Observable<Never>`. `create`
// builds on `Observable.create`, whose sink drops everything after the first terminal event.

/// The trait of ``Completable``: completion or an error, no elements.
public enum CompletableTrait {}

/// A sequence that only completes or fails (RxSwift's `Completable`).
///
/// Extend it with `extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never`.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What a ``Completable`` delivers: completion or a failure.
public enum CompletableEvent: Sendable {
    /// The completable failed.
    case error(any Error)
    /// The completable completed.
    case completed
}

extension CompletableEvent: Equatable {
    /// Completions are equal; errors compare as ``Event`` compares them (``errorsEqual(_:_:)``).
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let l), .error(let r)): return errorsEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// The closure a `create(subscribe:)` body calls with the completable's outcome.
    public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

    /// Creates a completable from a subscribe closure that calls its observer with `.completed`
    /// or `.error` (once; later calls are ignored) and returns a disposable that stops the work.
    ///
    /// Disposal: the returned disposable is disposed when the completable terminates or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping CompletableObserver) -> any Disposable, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Completable {
        Completable(raw: Observable.create(traitEvents: subscribe, send: { $0.send(to: $1) }, file: file, line: line))
    }

    /// A completable that completes synchronously when subscribed.
    public static func empty(file: StaticString = #fileID, line: UInt = #line) -> Completable {
        Completable(raw: Observable.empty(file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Subscribes with one closure that receives `.completed` or `.error(error)`.
    public func subscribe(
        _ observer: @escaping @Sendable (CompletableEvent) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.source.subscribe(
            onError: { error in observer(.error(error)) }, onCompleted: { observer(.completed) }, file: file, line: line
        )
    }

    /// Subscribes with closures for completion and failure.
    ///
    /// `onDisposed` runs once, after the outcome has been handled or on disposal. A failure with
    /// no `onError` goes to ``Hooks/unhandledError``.
    public func subscribe(
        onCompleted: (@Sendable () -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.source.subscribe(
            onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone the outcome is ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onError: (@Sendable (Owner, any Error) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.source.subscribe(
            with: owner, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
    }
}
