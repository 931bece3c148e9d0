/// A type that can be turned into an ``Observable``: every observable, and the traits
/// (``Single``, ``Maybe``, ``Completable``, ``Infallible``), as in RxSwift.
public protocol ObservableConvertibleType<Element> {
    /// The type of elements the sequence emits.
    associatedtype Element

    /// The erased observable for this sequence.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of elements over time.
///
/// Every operator is declared on this protocol and returns the one erased ``Observable`` type,
/// so chains keep short types and local type errors.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Subscribes `observer`; disposing the result ends the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element
}
