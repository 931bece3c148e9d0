// The multi-source operators of `Infallible`, as RxSwift has them. Each applies the observable
// operator of the same name, so its timing rule is that operator's. Inner and other sequences are
// infallible too (RxSwift also accepts observables here, whose error would break the promise).

extension InfallibleType {
    /// Subscribes to the sequence `selector` returns for each element and merges their elements.
    ///
    /// Timing: each inner sequence is subscribed when its element arrives; the result completes
    /// once the source and every inner sequence have completed.
    public func flatMap<Result>(
        _ selector: @escaping @Sendable (Element) -> Infallible<Result>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Result> {
        Infallible<Result>(asObservable().flatMap({ element in selector(element).source }, file: file, line: line))
    }

    /// Subscribes to the sequence `selector` returns for each element, disposing the previous one.
    ///
    /// Timing: as the observable `flatMapLatest`.
    public func flatMapLatest<Result>(
        _ selector: @escaping @Sendable (Element) -> Infallible<Result>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Result> {
        Infallible<Result>(
            asObservable().flatMapLatest({ element in selector(element).source }, file: file, line: line))
    }

    /// Subscribes to the sequence `selector` returns for an element only when no inner sequence is
    /// running; elements arriving meanwhile are dropped.
    public func flatMapFirst<Result>(
        _ selector: @escaping @Sendable (Element) -> Infallible<Result>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Result> {
        Infallible<Result>(asObservable().flatMapFirst({ element in selector(element).source }, file: file, line: line))
    }

    /// Subscribes to the sequences `selector` returns one at a time, in order.
    public func concatMap<Result>(
        _ selector: @escaping @Sendable (Element) -> Infallible<Result>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Result> {
        Infallible<Result>(asObservable().concatMap({ element in selector(element).source }, file: file, line: line))
    }

    /// Emits this sequence's elements, then, once it completed, those of `second`.
    public func concat<Source: InfallibleType>(_ second: Source, file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    where Source.Element == Element {
        Infallible(asObservable().concat(second.asObservable(), file: file, line: line))
    }

    /// Emits the elements of each sequence in `sequence`, one after the other.
    public static func concat<Sources: Sequence>(_ sequence: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    where Sources.Element == Infallible<Element> {
        Infallible(.concat(sequence.lazy.map(\.source), file: file, line: line))
    }

    /// Emits the elements of each argument, one after the other.
    public static func concat(_ sources: Infallible<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    {
        Infallible(.concat(sources.map(\.source), file: file, line: line))
    }

    /// Emits the elements of every sequence in `sources` as they arrive; completes once all have.
    public static func merge<Sources: Collection>(_ sources: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    where Sources.Element == Infallible<Element> {
        Infallible(.merge(sources.map(\.source), file: file, line: line))
    }

    /// Emits the elements of every argument as they arrive; completes once all have.
    public static func merge(_ sources: Infallible<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    {
        Infallible(.merge(sources.map(\.source), file: file, line: line))
    }

    /// Emits `element` first, at subscription, then the sequence's elements.
    public func startWith(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().startWith(element, file: file, line: line))
    }

    /// Emits elements until `other` emits an element, then completes.
    public func take<Other: InfallibleType>(until other: Other, file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    {
        Infallible(asObservable().take(until: other.asObservable(), file: file, line: line))
    }

    /// Emits elements while `predicate` is false; with `behavior` `.inclusive` also the first
    /// element it accepts. Then completes.
    public func take(
        until predicate: @escaping @Sendable (Element) -> Bool, behavior: TakeBehavior = .exclusive,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior, file: file, line: line))
    }

    /// Drops elements until `other` emits an element.
    public func skip<Other: InfallibleType>(until other: Other, file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    {
        Infallible(asObservable().skip(until: other.asObservable(), file: file, line: line))
    }

    /// Shares one subscription to the sequence among its subscribers, replaying the last `replay`
    /// elements to late ones (see the observable `share(replay:scope:)`).
    public func share(
        replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope, file: file, line: line))
    }

    /// Emits `resultSelector(object, element)` while `obj` is alive, and completes once it is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping @Sendable ((Object, Element)) -> Out, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Out> {
        Infallible<Out>(asObservable().withUnretained(obj, resultSelector: resultSelector, file: file, line: line))
    }

    /// Emits `(object, element)` pairs while `obj` is alive, and completes once it is gone.
    public func withUnretained<Object: AnyObject>(_ obj: Object, file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<(Object, Element)>
    {
        Infallible<(Object, Element)>(asObservable().withUnretained(obj, file: file, line: line))
    }

    /// For each element, emits `resultSelector` of it and the latest element of `second` (nothing
    /// until `second` has emitted).
    public func withLatestFrom<Source: InfallibleType, Result>(
        _ second: Source, resultSelector: @escaping @Sendable (Element, Source.Element) -> Result,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Result> {
        Infallible<Result>(
            asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector, file: file, line: line)
        )
    }

    /// For each element, emits the latest element of `second` (nothing until it has emitted).
    public func withLatestFrom<Source: InfallibleType>(
        _ second: Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Source.Element> {
        Infallible<Source.Element>(asObservable().withLatestFrom(second.asObservable(), file: file, line: line))
    }

    /// Emits `resultSelector` of the latest elements of every sequence in `collection` whenever
    /// one emits, once all have emitted.
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources, resultSelector: @escaping @Sendable ([Sources.Element.Element]) -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> where Sources.Element: InfallibleType {
        Infallible(
            Observable<Element>.combineLatest(
                collection.map { $0.asObservable() }, resultSelector: resultSelector, file: file, line: line))
    }

    /// Emits arrays of the latest elements of every sequence in `collection` (see
    /// ``combineLatest(_:resultSelector:file:line:)``).
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<[Element]>
    where Sources.Element: InfallibleType, Sources.Element.Element == Element {
        Infallible<[Element]>(
            Observable<Element>.combineLatest(collection.map { $0.asObservable() }, file: file, line: line))
    }
}
