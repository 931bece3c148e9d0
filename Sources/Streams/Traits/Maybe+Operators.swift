// The operators only a `Maybe` has, as RxSwift has them. Each applies the observable operator of
// the same name to the maybe's observable (its timing rule is that operator's). The `ifEmpty`
// forms switch on the maybe's one outcome (`flatMap` over it), so the fallback is subscribed at
// the moment the maybe completes empty.

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects around the maybe's events: the observable `do`, with `onNext` and
    /// `afterNext` for its element.
    ///
    /// Timing: `onX` run before the event is forwarded (a throw replaces it with that error),
    /// `afterX` after it; `onSubscribe`/`onSubscribed` around the subscription; `onDispose` once,
    /// after the subscription to the source has been disposed.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Element> {
        Maybe(
            raw: primitiveSequence.source.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose, file: file, line: line))
    }

    /// Succeeds only if `predicate` accepts the element; otherwise completes empty. A thrown error
    /// becomes the failure.
    public func filter(
        _ predicate: @escaping @Sendable (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate, file: file, line: line))
    }

    /// Succeeds with `transform(element)`; a thrown error becomes the failure.
    public func map<Result>(
        _ transform: @escaping @Sendable (Element) throws -> Result, file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform, file: file, line: line))
    }

    /// Succeeds with `transform(element)` unless it is `nil`, and then completes empty.
    public func compactMap<Result>(
        _ transform: @escaping @Sendable (Element) throws -> Result?, file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform, file: file, line: line))
    }

    /// Subscribes to the maybe `selector` returns for the element and forwards its outcome; an
    /// empty maybe completes without calling `selector`.
    ///
    /// Timing: the inner maybe is subscribed the moment the element arrives.
    public func flatMap<Result>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(
            raw: primitiveSequence.source.flatMap({ element in try selector(element).source }, file: file, line: line))
    }

    /// A single that succeeds with the element, or with `default` if the maybe completes empty.
    ///
    /// Timing: `default` is emitted, followed by completion, when the maybe completes.
    public func ifEmpty(default: Element, file: StaticString = #fileID, line: UInt = #line) -> Single<Element> {
        let fallback = JustObservable(`default`)
        return Single(raw: switchIfEmpty(to: fallback).inspected(as: "ifEmpty(default:)", file: file, line: line))
    }

    /// Continues with `other` if the maybe completes empty.
    ///
    /// Timing: `other` is subscribed the moment the maybe completes.
    public func ifEmpty(switchTo other: Maybe<Element>, file: StaticString = #fileID, line: UInt = #line) -> Maybe<
        Element
    > {
        Maybe(raw: switchIfEmpty(to: other.source).inspected(as: "ifEmpty(switchTo:)", file: file, line: line))
    }

    /// Continues with the single `other` if the maybe completes empty.
    ///
    /// Timing: `other` is subscribed the moment the maybe completes.
    public func ifEmpty(switchTo other: Single<Element>, file: StaticString = #fileID, line: UInt = #line) -> Single<
        Element
    > {
        Single(raw: switchIfEmpty(to: other.source).inspected(as: "ifEmpty(switchTo:)", file: file, line: line))
    }

    /// On failure, succeeds with `element` instead.
    ///
    /// Timing: the element is emitted, followed by completion, at the moment of the failure.
    public func catchAndReturn(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.catchAndReturn(element, file: file, line: line))
    }

    /// A completable that completes when this maybe terminates normally (dropping any element) or
    /// fails with its error.
    public func asCompletable(file: StaticString = #fileID, line: UInt = #line) -> Completable {
        Completable(
            raw: primitiveSequence.source.ignoreElements(file: file, line: line).inspected(
                as: "asCompletable", file: file, line: line))
    }

    /// The maybe's outcome, with `fallback` subscribed in place of an empty completion.
    private func switchIfEmpty(to fallback: Observable<Element>) -> Observable<Element> {
        // The operators' internal paths: the public ones would record lines of the library.
        outcome.flattening(
            SelectorMapping(selector: { outcome -> Observable<Element> in
                switch outcome {
                case .success(let element): return JustObservable(element)
                case .error(let error): return ErrorObservable(error)
                case .completed: return fallback
                }
            }), .merge)
    }
}
