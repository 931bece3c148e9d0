// The operators only a `Completable` has, as RxSwift has them. `concat` and `andThen` are the
// observable `concat` (the next source is subscribed when the previous one completes, and the
// completed one is released then); `zip` is the observable `merge` (it completes when every
// completable has, and fails with the first error).

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Runs side effects around the completable's events: the observable `do`.
    ///
    /// Timing: `onError`/`onCompleted` run before the event is forwarded (a throw replaces it with
    /// that error), `afterError`/`afterCompleted` after it; `onSubscribe`/`onSubscribed` around
    /// the subscription; `onDispose` once, after the subscription to the source has been disposed.
    public func `do`(
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Completable {
        Completable(
            raw: primitiveSequence.source.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, file: file, line: line))
    }

    /// Continues with `second` once this completable completes.
    ///
    /// Timing: `second` is subscribed the moment this completable completes, and this one's
    /// subscription is released then; its error ends the result without subscribing `second`.
    public func andThen<Next>(_ second: Single<Next>, file: StaticString = #fileID, line: UInt = #line) -> Single<Next>
    {
        Single(raw: followed(by: second.source).inspected(as: "andThen", file: file, line: line))
    }

    /// Continues with `second` once this completable completes (see the `Single` form).
    public func andThen<Next>(_ second: Maybe<Next>, file: StaticString = #fileID, line: UInt = #line) -> Maybe<Next> {
        Maybe(raw: followed(by: second.source).inspected(as: "andThen", file: file, line: line))
    }

    /// Continues with `second` once this completable completes (see the `Single` form).
    public func andThen(_ second: Completable, file: StaticString = #fileID, line: UInt = #line) -> Completable {
        Completable(raw: followed(by: second.source).inspected(as: "andThen", file: file, line: line))
    }

    /// Continues with `second`'s elements once this completable completes (see
    /// the `Single` form).
    public func andThen<Next>(_ second: Observable<Next>, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Next>
    {
        followed(by: second).inspected(as: "andThen", file: file, line: line)
    }

    /// Continues with `second` once this completable completes (see the `Single` form).
    public func concat(_ second: Completable, file: StaticString = #fileID, line: UInt = #line) -> Completable {
        Completable(raw: followed(by: second.source).inspected(as: "concat", file: file, line: line))
    }

    /// Completes once every completable in `sequence` has completed, subscribing each when the
    /// previous one completes; the first error fails it. The sequence is iterated lazily.
    public static func concat<Sources: Sequence>(_ sequence: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Completable
    where Sources.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map(\.source), file: file, line: line))
    }

    /// Completes once every argument has completed, one after the other (see ``concat(_:file:line:)-(Sources,_,_)``).
    public static func concat(_ sources: Completable..., file: StaticString = #fileID, line: UInt = #line)
        -> Completable
    {
        Completable(raw: Observable.concat(sources.map(\.source), file: file, line: line))
    }

    /// Completes once every completable in `sources` has completed, all subscribed at once; the
    /// first error fails it and disposes the others.
    public static func zip<Sources: Collection>(_ sources: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Completable
    where Sources.Element == Completable {
        Completable(
            raw: MergeAll(sources: sources.map(\.source)).asObservable().inspected(as: "zip", file: file, line: line))
    }

    /// Completes once every argument has completed, all subscribed at once (see
    /// `zip(_:)`).
    public static func zip(_ sources: Completable..., file: StaticString = #fileID, line: UInt = #line) -> Completable {
        Completable(
            raw: MergeAll(sources: sources.map(\.source)).asObservable().inspected(as: "zip", file: file, line: line))
    }

    /// This completable's outcome, then `second`'s events.
    private func followed<Next>(by second: Observable<Next>) -> Observable<Next> {
        // `concat`'s internal path: the public one would record a line of the library.
        Concat(sources: SourcePair(first: primitiveSequence.source.elements(as: Next.self), second: second))
            .asObservable()
    }
}
