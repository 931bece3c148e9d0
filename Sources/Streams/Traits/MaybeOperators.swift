// Concurrency: each operator wraps the maybe's observable in a single-upstream operator (the
// library's `map`/`filter`, or the trait operators in TraitSwitch.swift and TraitDo.swift); see
// those files for their invariants.

extension Maybe {
    /// Succeeds with `transform(element)`; a thrown error becomes the failure.
    public func map<Result>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Maybe<Result> {
        Maybe<Result>(unchecked: source.map(transform))
    }

    /// Succeeds only if `predicate` accepts the element; otherwise completes empty.
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(unchecked: source.filter(predicate))
    }

    /// Subscribes to the maybe `selector` returns for the element and forwards its outcome; an
    /// empty maybe completes without calling `selector`.
    ///
    /// Timing: the inner maybe is subscribed the moment this one succeeds.
    public func flatMap<Result>(_ selector: @escaping @Sendable (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe<Result>(unchecked: TraitFlatMapObservable(source: source) { element in try selector(element).source })
    }

    /// On failure, subscribes to the maybe `handler` returns for the error and forwards its outcome.
    ///
    /// Timing: the fallback is subscribed at the moment of the failure.
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: TraitCatchObservable(source: source) { error in try handler(error).source })
    }

    /// On failure, succeeds with `element` instead (at the moment of the failure).
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        let fallback = Observable.just(element)
        return Maybe(unchecked: TraitCatchObservable(source: source) { _ in fallback })
    }

    /// Runs side effects around the maybe's events, as RxSwift's `do`.
    ///
    /// `onX` runs before the event is forwarded (a throw replaces it with that error), `afterX`
    /// after it; `onDispose` once, after the subscription ends for any reason.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Maybe<Element> {
        let handlers = TraitDoHandlers(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError, onCompleted: onCompleted,
            afterCompleted: afterCompleted, onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
        return Maybe(unchecked: TraitDoObservable(source: source, handlers: handlers))
    }
}
