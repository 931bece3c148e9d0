// The higher-order operators: each maps (or takes) outer elements to inner observables and
// subscribes them as children of one sink (InnerSubscriptions.swift), whose policy says what a
// new inner does to the running ones:
// - merge / flatMap: every inner runs (merge(maxConcurrent:) and concat: at most n, the rest wait
//   in arrival order);
// - flatMapLatest / switchLatest: a new inner replaces (disposes) the running one;
// - flatMapFirst: a new inner is ignored while one runs (its selector is not even called).
//
// Timing (RxSwift 6): an inner observable is subscribed when its outer element arrives (or,
// when waiting for a slot, when a running inner completes). The result completes when the outer
// source and every inner observable that counts have completed; it fails as soon as the outer
// source, a counted inner, or the selector fails (disposing the rest). Disposal disposes the
// outer subscription and every running inner. No scheduler is used.
//
// States: those of the higher-order state machine, `InnerSubscriptionsState` (InnerSubscriptions.swift):
// running, outer done, stopped.

extension ObservableType {
    /// Maps each element to an observable with `selector` and merges the elements of all of them
    /// as they arrive (see the file header for timing).
    public func flatMap<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        flattening(SelectorMapping(selector: selector), .merge).inspected(as: "flatMap", file: file, line: line)
    }

    /// Maps each element to an observable and emits the elements of the most recent one only:
    /// a new element disposes the running inner observable (see the file header for timing).
    public func flatMapLatest<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        flattening(SelectorMapping(selector: selector), .latest).inspected(as: "flatMapLatest", file: file, line: line)
    }

    /// Maps an element to an observable only while no inner observable runs, and emits its
    /// elements; elements arriving meanwhile are dropped (see the file header for timing).
    public func flatMapFirst<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        flattening(SelectorMapping(selector: selector), .first).inspected(as: "flatMapFirst", file: file, line: line)
    }

    /// Maps each element to an observable and concatenates them: each inner observable is
    /// subscribed after the previous one completed; `selector` runs when the element arrives
    /// (see the file header for timing).
    public func concatMap<Source: ObservableType>(
        _ selector: @escaping @Sendable (Element) throws -> Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        flattening(SelectorMapping(selector: selector), .merge(maxConcurrent: 1)).inspected(
            as: "concatMap", file: file, line: line)
    }
}

extension ObservableType where Element: ObservableType {
    /// Merges the elements of the inner observables as they arrive (see the file header).
    public func merge(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element.Element> {
        flattening(IdentityMapping(), .merge).inspected(as: "merge", file: file, line: line)
    }

    /// Merges the inner observables, keeping at most `maxConcurrent` of them subscribed; the
    /// others wait, in arrival order, for a running one to complete (see the file header).
    public func merge(maxConcurrent: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<
        Element.Element
    > {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:): maxConcurrent must be positive")
        return flattening(IdentityMapping(), .merge(maxConcurrent: maxConcurrent)).inspected(
            as: "merge(maxConcurrent:)", file: file, line: line)
    }

    /// Concatenates the inner observables: each is subscribed after the previous one completed
    /// (`merge(maxConcurrent: 1)`).
    public func concat(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element.Element> {
        flattening(IdentityMapping(), .merge(maxConcurrent: 1)).inspected(as: "concat", file: file, line: line)
    }

    /// Emits the elements of the most recent inner observable only (see the file header).
    public func switchLatest(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element.Element> {
        flattening(IdentityMapping(), .latest).inspected(as: "switchLatest", file: file, line: line)
    }
}

extension Observable {
    /// Merges the elements of `sources` as they arrive.
    ///
    /// Timing: every source is subscribed at once, in order; the result completes when all have
    /// completed and fails as soon as one fails (disposing the others).
    public static func merge(_ sources: [Observable<Element>], file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        MergeAll(sources: sources).asObservable().inspected(as: "merge", file: file, line: line)
    }

    /// Merges the elements of `sources` as they arrive (see ``merge(_:file:line:)-([Observable<Element>],_,_)``).
    public static func merge<Sources: Collection>(_ sources: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    where Sources.Element == Observable<Element> {
        MergeAll(sources: Array(sources)).asObservable().inspected(as: "merge", file: file, line: line)
    }

    /// Merges the elements of the arguments as they arrive (see ``merge(_:file:line:)-([Observable<Element>],_,_)``).
    public static func merge(_ sources: Observable<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        MergeAll(sources: sources).asObservable().inspected(as: "merge", file: file, line: line)
    }
}

/// How a higher-order operator turns an outer element into the inner observable it subscribes.
///
/// A protocol rather than a closure, so `merge()` and `switchLatest()` need no identity closure
/// (forming one in generic code captures the element's metatype).
protocol InnerMapping<Source, Result>: Sendable {
    associatedtype Source
    associatedtype Result
    /// The inner observable for `element`; a thrown error fails the operator.
    func inner(for element: Source) throws -> Observable<Result>
}

/// Maps with a user selector.
struct SelectorMapping<Source, Inner: ObservableType>: InnerMapping {
    let selector: @Sendable (Source) throws -> Inner
    func inner(for element: Source) throws -> Observable<Inner.Element> { try selector(element).asObservable() }
}

/// Uses the outer element itself, which is an observable.
struct IdentityMapping<Source: ObservableType>: InnerMapping {
    func inner(for element: Source) throws -> Observable<Source.Element> { element.asObservable() }
}

extension ObservableType {
    /// The higher-order operator that maps each element with `mapping` and subscribes the inner
    /// observables as `policy` says.
    func flattening<Mapping: InnerMapping>(
        _ mapping: Mapping, _ policy: InnerPolicy
    ) -> Observable<Mapping.Result> where Mapping.Source == Element {
        FlatMap(source: asObservable(), mapping: mapping, policy: policy).asObservable()
    }
}

private struct FlatMap<Mapping: InnerMapping>: Producer {
    let source: Observable<Mapping.Source>
    let mapping: Mapping
    let policy: InnerPolicy

    func subscribe(_ receiver: Receiver<Mapping.Result>) -> any Disposable {
        let sink = InnerSubscriptionsSink<Mapping.Source, Mapping.Result, Mapping>(
            mapping: mapping, policy: policy, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

struct MergeAll<Element>: Producer {
    let sources: [Observable<Element>]

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = InnerSubscriptionsSink(
            mapping: IdentityMapping<Observable<Element>>(), policy: .merge, downstream: receiver)
        for source in sources {
            sink.onNext(source)
        }
        sink.onCompleted()
        return sink
    }
}
