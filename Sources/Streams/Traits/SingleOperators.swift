// Concurrency: each operator wraps the single's observable in a single-upstream operator (the
// library's `map`, or the trait operators in TraitSwitch.swift and TraitDo.swift); see those
// files for their invariants.

extension Single {
    /// Succeeds with `transform(element)`; a thrown error becomes the single's failure.
    public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Single<Result> {
        Single<Result>(unchecked: source.map(transform))
    }

    /// Subscribes to the single `selector` returns for the element and succeeds or fails with it.
    ///
    /// Timing: the inner single is subscribed the moment this one succeeds; a thrown error fails
    /// at once.
    public func flatMap<Result>(_ selector: @escaping @Sendable (Element) throws -> Single<Result>) -> Single<Result> {
        Single<Result>(unchecked: TraitFlatMapObservable(source: source) { element in try selector(element).source })
    }

    /// Subscribes to the maybe `selector` returns for the element and forwards its outcome.
    public func flatMapMaybe<Result>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: TraitFlatMapObservable(source: source) { element in try selector(element).source })
    }

    /// Subscribes to the completable `selector` returns for the element and forwards its outcome.
    public func flatMapCompletable(_ selector: @escaping @Sendable (Element) throws -> Completable) -> Completable {
        Completable(unchecked: TraitFlatMapObservable(source: source) { element in try selector(element).source })
    }

    /// On failure, subscribes to the single `handler` returns for the error and forwards its
    /// outcome; a thrown error becomes the failure.
    ///
    /// Timing: the fallback is subscribed at the moment of the failure.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Single<Element>) -> Single<Element> {
        Single(unchecked: TraitCatchObservable(source: source) { error in try handler(error).source })
    }

    /// On failure, succeeds with `element` instead (at the moment of the failure).
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        let fallback = Observable.just(element)
        return Single(unchecked: TraitCatchObservable(source: source) { _ in fallback })
    }

    /// Runs side effects around the single's events, as RxSwift's `do`.
    ///
    /// `onSuccess`/`onError` run before the event is forwarded (a throw replaces it with that
    /// error); `afterSuccess`/`afterError` run after it; `onSubscribe`/`onSubscribed` around the
    /// subscription; `onDispose` once, after the subscription ends for any reason.
    public func `do`(
        onSuccess: (@Sendable (Element) throws -> Void)? = nil,
        afterSuccess: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Single<Element> {
        let handlers = TraitDoHandlers(
            onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        return Single(unchecked: TraitDoObservable(source: source, handlers: handlers))
    }
}
