// A primitive sequence is an immutable wrapper around an `Observable` whose events keep the
// trait's promise (`Single`: one element then completion, or an error; `Maybe`: at most one;
// `Completable`: none). Every operator here is the observable operator of the same name applied
// to that observable: no trait has an implementation of its own, so timing, disposal and
// threading are the observable operator's.

/// An observable with a narrower promise about what it emits, named by `Trait`: ``Single``,
/// ``Maybe`` and ``Completable`` are its typealiases, as in RxSwift.
///
/// Extend a trait with `extension PrimitiveSequenceType where Trait == SingleTrait`: an extension
/// of the typealias (`extension Single`) would apply to every trait.
public struct PrimitiveSequence<Trait, Element>: Sendable {
    /// The observable that keeps the trait's promise.
    let source: Observable<Element>

    /// Wraps `raw`, which the caller guarantees keeps the trait's promise.
    init(raw: Observable<Element>) { source = raw }
}

/// A type that is a ``PrimitiveSequence``: the protocol trait-specific operators extend, with
/// `where Trait == SingleTrait` (or `MaybeTrait`, `CompletableTrait`).
public protocol PrimitiveSequenceType {
    /// The trait: ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
    associatedtype Trait
    /// The type of the element.
    associatedtype Element

    /// The sequence as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// The sequence itself.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The underlying observable, with every observable operator.
    public func asObservable() -> Observable<Element> { source }
}

extension ObservableType where Element == Never {
    /// The sequence's completion or error, typed for a sequence of `Result` elements (it never
    /// emits one).
    func elements<Result>(as type: Result.Type) -> Observable<Result> {
        MapObservable(source: asObservable()) { (_: Never) -> Result in }  // unrecorded: a library line
    }
}
