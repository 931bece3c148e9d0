// Concurrency: immutable values; `inner(for:)` runs on whatever thread delivers the outer element.

/// How a higher-order operator (`flatMap`, `flatMapLatest`, `concatMap`, `merge()`…) turns an
/// outer element into the inner observable it subscribes to.
///
/// A protocol rather than a closure, so `merge()` and `switchLatest()` need no identity closure
/// (forming one in generic code captures the element's metatype) and the sinks stay specialized.
protocol InnerMapping<Source, Result>: Sendable {
    /// The outer element.
    associatedtype Source
    /// The inner observable's element.
    associatedtype Result
    /// The inner observable for `element`; a thrown error fails the operator.
    func inner(for element: Source) throws -> Observable<Result>
}

/// Maps with a user selector.
struct SelectorMapping<Source, Inner: ObservableType>: InnerMapping {
    let selector: @Sendable (Source) throws -> Inner
    func inner(for element: Source) throws -> Observable<Inner.Element> {
        try selector(element).asObservable()
    }
}

/// Uses the outer element itself, which is an observable.
struct IdentityMapping<Source: ObservableType>: InnerMapping {
    func inner(for element: Source) throws -> Observable<Source.Element> {
        element.asObservable()
    }
}
