// Concurrency: a `Completable` is an immutable wrapper around an `Observable<Never>`: it can only
// complete or fail. `create` funnels the user's events through a sink that drops everything after
// the first terminal event.

/// What a ``Completable`` delivers: completion or a failure.
public enum CompletableEvent: Sendable {
    /// The completable failed.
    case error(any Error)
    /// The completable completed.
    case completed
}

/// A sequence that only completes or fails (RxSwift's `Completable`).
public struct Completable: Sendable {
    /// The element-less observable.
    let source: Observable<Never>

    /// Wraps `source`.
    init(unchecked source: Observable<Never>) { self.source = source }

    /// The underlying observable: `.completed` or `.error`.
    public func asObservable() -> Observable<Never> { source }
}

extension Completable {
    /// The closure a ``create(subscribe:)`` body calls with the completable's outcome.
    public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

    /// Creates a completable from a subscribe closure that calls its observer with `.completed`
    /// or `.error` (once; later calls are ignored) and returns a disposable that stops the work.
    ///
    /// Disposal: the returned disposable is disposed when the completable terminates or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping CompletableObserver) -> any Disposable
    ) -> Completable {
        Completable(unchecked: CompletableCreateObservable(subscribe))
    }

    /// A completable that completes synchronously when subscribed.
    public static func empty() -> Completable { Completable(unchecked: Observable.empty()) }

    /// A completable that fails with `error` synchronously when subscribed.
    public static func error(_ error: any Error) -> Completable { Completable(unchecked: Observable.error(error)) }

    /// A completable that never terminates.
    public static func never() -> Completable { Completable(unchecked: Observable.never()) }
}

extension Completable {
    /// Subscribes with one closure that receives `.completed` or `.error(error)`.
    public func subscribe(_ observer: @escaping @Sendable (CompletableEvent) -> Void) -> any Disposable {
        source.subscribe(onError: { error in observer(.error(error)) }, onCompleted: { observer(.completed) })
    }

    /// Subscribes with closures for completion and failure.
    ///
    /// `onDisposed` runs once, after the outcome has been handled or on disposal. A failure with
    /// no `onError` goes to ``Hooks/unhandledError``.
    public func subscribe(
        onCompleted: (@Sendable () -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone the outcome is ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onError: (@Sendable (Owner, any Error) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(with: owner, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }
}

extension ObservableType where Element == Never {
    /// This element-less sequence as a ``Completable``.
    ///
    /// To turn any sequence into a completable, drop its elements first:
    /// `ignoreElements().asCompletable()`.
    public func asCompletable() -> Completable { Completable(unchecked: asObservable()) }
}

private final class CompletableCreateObservable: Observable<Never>, @unchecked Sendable {  // immutable after init
    let body: @Sendable (@escaping Completable.CompletableObserver) -> any Disposable
    init(_ body: @escaping @Sendable (@escaping Completable.CompletableObserver) -> any Disposable) {
        self.body = body
    }

    override func subscribe(_ receiver: Receiver<Never>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        sink.setUpstream(
            body { event in
                switch event {
                case .completed: sink.onCompleted()
                case .error(let error): sink.onError(error)
                }
            })
        return sink
    }
}
