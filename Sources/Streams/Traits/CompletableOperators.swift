// Concurrency: each operator wraps the completable's observable in a single-upstream operator
// from TraitSwitch.swift or TraitDo.swift; see those files for their invariants.

extension Completable {
    /// Continues with `second` once this completable completes.
    ///
    /// Timing: `second` is subscribed the moment this completable completes (its subscription
    /// ends then); this completable's error ends the result without subscribing `second`.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(unchecked: TraitAndThenObservable(source: source, second: second.source))
    }

    /// Continues with `second` once this completable completes .
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: TraitAndThenObservable(source: source, second: second.source))
    }

    /// Continues with `second` once this completable completes.
    public func andThen(_ second: Completable) -> Completable {
        Completable(unchecked: TraitAndThenObservable(source: source, second: second.source))
    }

    /// Continues with `second`'s elements once this completable completes.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        TraitAndThenObservable(source: source, second: second)
    }

    /// On failure, subscribes to the completable `handler` returns for the error.
    ///
    /// Timing: the fallback is subscribed at the moment of the failure.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Completable) -> Completable {
        Completable(unchecked: TraitCatchObservable(source: source) { error in try handler(error).source })
    }

    /// Runs side effects around the completable's events, as RxSwift's `do`.
    public func `do`(
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Completable {
        let handlers = TraitDoHandlers<Never>(
            onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        return Completable(unchecked: TraitDoObservable(source: source, handlers: handlers))
    }
}
