// The operators only a `Single` has, as RxSwift has them. Each applies the observable operator
// of the same name to the single's observable (its timing rule is that operator's); the result
// type says what the operator can make of one element. Those that may drop the element are the
// maybe's operator on `asMaybe()`.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects around the single's events: the observable `do`, with `onSuccess` and
    /// `afterSuccess` for its element.
    ///
    /// Timing: `onSuccess`/`onError` run before the event is forwarded (a throw replaces it with
    /// that error), `afterSuccess`/`afterError` after it; `onSubscribe`/`onSubscribed` around the
    /// subscription; `onDispose` once, after the subscription to the source has been disposed.
    public func `do`(
        onSuccess: (@Sendable (Element) throws -> Void)? = nil,
        afterSuccess: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Element> {
        Single(
            raw: primitiveSequence.source.do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, file: file, line: line))
    }

    /// A maybe that succeeds with the element if `predicate` accepts it and otherwise completes
    /// empty; a thrown error becomes the failure.
    public func filter(
        _ predicate: @escaping @Sendable (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source).filter(predicate, file: file, line: line)
    }

    /// Succeeds with `transform(element)`; a thrown error becomes the failure.
    public func map<Result>(
        _ transform: @escaping @Sendable (Element) throws -> Result, file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform, file: file, line: line))
    }

    /// A maybe that succeeds with `transform(element)` unless it is `nil`, and then completes
    /// empty; a thrown error becomes the failure.
    public func compactMap<Result>(
        _ transform: @escaping @Sendable (Element) throws -> Result?, file: StaticString = #fileID, line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source).compactMap(transform, file: file, line: line)
    }

    /// Subscribes to the single `selector` returns for the element and forwards its result.
    ///
    /// Timing: the inner single is subscribed the moment the element arrives; a thrown error fails
    /// at once.
    public func flatMap<Result>(
        _ selector: @escaping @Sendable (Element) throws -> Single<Result>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Single<Result> {
        Single(
            raw: primitiveSequence.source.flatMap({ element in try selector(element).source }, file: file, line: line))
    }

    /// Subscribes to the maybe `selector` returns for the element and forwards its outcome (see
    /// `flatMap(_:)`).
    public func flatMapMaybe<Result>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source).flatMap(selector, file: file, line: line)
    }

    /// Subscribes to the completable `selector` returns for the element and forwards its outcome
    /// (see `flatMap(_:)`).
    public func flatMapCompletable(
        _ selector: @escaping @Sendable (Element) throws -> Completable, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Completable {
        Completable(
            raw: primitiveSequence.source.flatMap({ element in try selector(element).source }, file: file, line: line)
                .inspected(as: "flatMapCompletable", file: file, line: line))
    }

    /// On failure, succeeds with `element` instead.
    ///
    /// Timing: the element is emitted, followed by completion, at the moment of the failure.
    public func catchAndReturn(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> Single<Element>
    {
        Single(raw: primitiveSequence.source.catchAndReturn(element, file: file, line: line))
    }

    /// A maybe that succeeds with this single's element or fails with its error.
    public func asMaybe(file: StaticString = #fileID, line: UInt = #line) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.inspected(as: "asMaybe", file: file, line: line))
    }

    /// A completable that completes when this single succeeds (dropping the element) or fails
    /// with its error.
    public func asCompletable(file: StaticString = #fileID, line: UInt = #line) -> Completable {
        Completable(
            raw: primitiveSequence.source.ignoreElements(file: file, line: line).inspected(
                as: "asCompletable", file: file, line: line))
    }

    /// Succeeds with `resultSelector` of the elements of every single in `collection`, once all
    /// have succeeded; the first failure fails it.
    ///
    /// Timing: every single is subscribed at subscription; the result is emitted when the last
    /// element arrives. An empty collection succeeds with `resultSelector([])` when subscribed.
    public static func zip<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping @Sendable ([Element]) throws -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Result> where Sources.Element == Single<Element> {
        // The observable `zip` of no sources only completes; a single must succeed, as RxSwift's.
        if collection.isEmpty {
            return Single(
                raw: Deferred(factory: { JustObservable(try resultSelector([])) }).asObservable().inspected(
                    as: "zip", file: file, line: line))
        }
        return Single(
            raw: Observable<Result>.zip(
                collection.map(\.source), resultSelector: resultSelector, file: file, line: line))
    }

    /// Succeeds with the elements of every single in `collection`, in order (see
    /// ``zip(_:resultSelector:file:line:)``); an empty collection succeeds with `[]`.
    public static func zip<Sources: Collection>(_ collection: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Single<[Element]>
    where Sources.Element == Single<Element> {
        if collection.isEmpty { return Single(raw: JustObservable([]).inspected(as: "zip", file: file, line: line)) }
        return Single(raw: Observable<Element>.zip(collection.map(\.source), file: file, line: line))
    }
}
