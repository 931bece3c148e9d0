// Concurrency: a `Maybe` is an immutable wrapper around an `Observable` that emits at most one
// element, followed at once by completion, or completes empty, or fails. `create` funnels the
// user's events through a sink that drops everything after the first terminal event.

/// What a ``Maybe`` delivers: its one element, a failure, or completion without an element.
public enum MaybeEvent<Element> {
    /// The one element (the underlying observable emits `.next` then `.completed`).
    case success(Element)
    /// The maybe failed.
    case error(any Error)
    /// The maybe completed without an element.
    case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

/// A sequence that emits one element, completes empty, or fails (RxSwift's `Maybe`).
public struct Maybe<Element>: Sendable {
    /// The observable that upholds the at-most-one-element guarantee.
    let source: Observable<Element>

    /// Wraps `source`, which the caller guarantees emits at most one element, then terminates.
    init(unchecked source: Observable<Element>) { self.source = source }

    /// The underlying observable: `.next` then `.completed`, just `.completed`, or `.error`.
    public func asObservable() -> Observable<Element> { source }
}

extension Maybe {
    /// The closure a ``create(subscribe:)`` body calls with the maybe's outcome.
    public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

    /// Creates a maybe from a subscribe closure that calls its observer with `.success`, `.error`
    /// or `.completed` (once; later calls are ignored) and returns a disposable that stops the work.
    ///
    /// Disposal: the returned disposable is disposed when the maybe terminates or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping MaybeObserver) -> any Disposable
    ) -> Maybe<Element> {
        Maybe(unchecked: MaybeCreateObservable(subscribe))
    }

    /// A maybe that succeeds with `element` synchronously when subscribed.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(unchecked: Observable.just(element))
    }

    /// A maybe that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: some ImmediateSchedulerType) -> Maybe<Element>
    where Element: Sendable {
        Maybe(unchecked: Observable.just(element, scheduler: scheduler))
    }

    /// A maybe that completes without an element, synchronously when subscribed.
    public static func empty() -> Maybe<Element> {
        Maybe(unchecked: Observable.empty())
    }

    /// A maybe that fails with `error` synchronously when subscribed.
    public static func error(_ error: any Error) -> Maybe<Element> {
        Maybe(unchecked: Observable.error(error))
    }

    /// A maybe that never terminates.
    public static func never() -> Maybe<Element> {
        Maybe(unchecked: Observable.never())
    }
}

extension Maybe {
    /// Subscribes with one closure that receives `.success(element)`, `.error(error)` or
    /// `.completed` — exactly one of them.
    public func subscribe(_ observer: @escaping @Sendable (MaybeEvent<Element>) -> Void) -> any Disposable {
        subscribe(
            onSuccess: { element in observer(.success(element)) },
            onError: { error in observer(.error(error)) },
            onCompleted: { observer(.completed) }
        )
    }

    /// Subscribes with closures for success, failure and empty completion; at most one of the
    /// three runs (`onCompleted` only when there was no element).
    ///
    /// `onDisposed` runs once, after the outcome has been handled or on disposal. A failure with
    /// no `onError` goes to ``Hooks/unhandledError``.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        let succeeded = MaybeSucceededFlag()
        return source.subscribe(
            onNext: { element in
                succeeded.set()
                onSuccess?(element)
            },
            onError: onError,
            onCompleted: {
                if !succeeded.isSet { onCompleted?() }
            },
            onDisposed: onDisposed
        )
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone the outcome is ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onSuccess: (@Sendable (Owner, Element) -> Void)? = nil,
        onError: (@Sendable (Owner, any Error) -> Void)? = nil,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil
    ) -> any Disposable {
        let weakOwner = WeakBox(owner)
        return subscribe(
            onSuccess: { element in
                if let owner = weakOwner.value { onSuccess?(owner, element) }
            },
            onError: { error in
                if let owner = weakOwner.value { onError?(owner, error) }
            },
            onCompleted: {
                if let owner = weakOwner.value { onCompleted?(owner) }
            },
            onDisposed: {
                if let owner = weakOwner.value { onDisposed?(owner) }
            }
        )
    }

    /// A completable that completes when this maybe terminates normally (dropping any element) or
    /// fails with its error.
    public func asCompletable() -> Completable { Completable(unchecked: TraitIgnoreElementsObservable(source: source)) }
}

/// Records that a maybe subscription received its element, so its completion is not reported.
private final class MaybeSucceededFlag: Sendable {
    private let value = AtomicCounter()
    var isSet: Bool { value.value != 0 }
    func set() { value.add(1) }
}

private final class MaybeCreateObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let body: @Sendable (@escaping Maybe<Element>.MaybeObserver) -> any Disposable
    init(_ body: @escaping @Sendable (@escaping Maybe<Element>.MaybeObserver) -> any Disposable) { self.body = body }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        sink.setUpstream(body(MaybeEmitter(sink: sink).on))
        return sink
    }
}

/// Turns a maybe's outcome into the underlying observable's events.
private struct MaybeEmitter<Element>: Sendable {
    let sink: PassThroughSink<Element>

    @Sendable func on(_ event: MaybeEvent<Element>) {
        switch event {
        case .success(let element):
            sink.onNext(element)
            sink.onCompleted()
        case .error(let error):
            sink.onError(error)
        case .completed:
            sink.onCompleted()
        }
    }
}
