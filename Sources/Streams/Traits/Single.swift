// Concurrency: a `Single` is an immutable wrapper around an `Observable` that emits exactly one
// element followed at once by completion, or an error. `create` funnels the user's events
// through a sink that drops everything after the first terminal event, so a closure that calls
// its observer twice cannot break the guarantee.

/// What a ``Single`` delivers: its one element, or a failure.
public typealias SingleEvent<Element> = Result<Element, any Error>

/// A sequence that emits exactly one element or an error (RxSwift's `Single`).
///
/// It wraps an ``Observable`` that, when it succeeds, emits one element and completes at once.
/// Convert with ``asObservable()`` to use the observable operators.
public struct Single<Element>: Sendable {
    /// The observable that upholds the single-element guarantee.
    let source: Observable<Element>

    /// Wraps `source`, which the caller guarantees emits one element then completes, or fails.
    init(unchecked source: Observable<Element>) { self.source = source }

    /// The underlying observable: one `.next` followed by `.completed`, or one `.error`.
    public func asObservable() -> Observable<Element> { source }
}

extension Single {
    /// The closure a ``create(subscribe:)`` body calls with the single's result.
    public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

    /// Creates a single from a subscribe closure that calls its observer with `.success(element)`
    /// or `.failure(error)` (once; later calls are ignored) and returns a disposable that stops the
    /// work.
    ///
    /// Disposal: the returned disposable is disposed when the single terminates or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping SingleObserver) -> any Disposable
    ) -> Single<Element> {
        Single(unchecked: SingleCreateObservable(subscribe))
    }

    /// A single that succeeds with `element` synchronously when subscribed.
    public static func just(_ element: Element) -> Single<Element> {
        Single(unchecked: Observable.just(element))
    }

    /// A single that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: some ImmediateSchedulerType) -> Single<Element>
    where Element: Sendable {
        Single(unchecked: Observable.just(element, scheduler: scheduler))
    }

    /// A single that fails with `error` synchronously when subscribed.
    public static func error(_ error: any Error) -> Single<Element> {
        Single(unchecked: Observable.error(error))
    }

    /// A single that never terminates.
    public static func never() -> Single<Element> {
        Single(unchecked: Observable.never())
    }

    /// Calls `factory` for every subscription and subscribes to the single it returns; a thrown
    /// error becomes the single's failure.
    public static func deferred(_ factory: @escaping @Sendable () throws -> Single<Element>) -> Single<Element> {
        Single(unchecked: Observable.deferred { try factory().source })
    }
}

extension Single {
    /// Subscribes with one closure that receives `.success(element)` or `.failure(error)`.
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable {
        source.subscribe(
            onNext: { element in observer(.success(element)) },
            onError: { error in observer(.failure(error)) }
        )
    }

    /// Subscribes with closures for success and failure.
    ///
    /// `onDisposed` runs once, after the result has been handled or on disposal. A failure with no
    /// `onFailure` goes to ``Hooks/unhandledError``.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone the result is ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onSuccess: (@Sendable (Owner, Element) -> Void)? = nil,
        onFailure: (@Sendable (Owner, any Error) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(with: owner, onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// A maybe that succeeds with this single's element or fails with its error.
    public func asMaybe() -> Maybe<Element> { Maybe(unchecked: source) }

    /// A completable that completes when this single succeeds (dropping the element) or fails
    /// with its error.
    public func asCompletable() -> Completable { Completable(unchecked: TraitIgnoreElementsObservable(source: source)) }
}

private final class SingleCreateObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let body: @Sendable (@escaping Single<Element>.SingleObserver) -> any Disposable
    init(_ body: @escaping @Sendable (@escaping Single<Element>.SingleObserver) -> any Disposable) { self.body = body }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        sink.setUpstream(body(SingleEmitter(sink: sink).on))
        return sink
    }
}

/// Turns a single's result into the underlying observable's events.
private struct SingleEmitter<Element>: Sendable {
    let sink: PassThroughSink<Element>

    @Sendable func on(_ event: SingleEvent<Element>) {
        switch event {
        case .success(let element):
            sink.onNext(element)
            sink.onCompleted()
        case .failure(let error):
            sink.onError(error)
        }
    }
}
