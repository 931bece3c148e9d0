/// Something that receives events.
///
/// Streams guarantees, for every observer it calls: events follow `next* (error | completed)?`,
/// calls never overlap, and nothing arrives after a terminal event (see Docs/Contract.md).
public protocol ObserverType<Element> {
    /// The type of elements received.
    associatedtype Element
    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }
    /// Sends `.completed`.
    public func onCompleted() { on(.completed) }
    /// Sends `.error(error)`.
    public func onError(_ error: any Error) { on(.error(error)) }
}

/// An observer made of a closure that need not be `Sendable`: the library's `bind(to:)` fan-outs
/// hand observers of any kind to `subscribe(_:)`, as RxSwift does, and so cannot use the
/// `Sendable` ``AnyObserver``.
struct ClosureObserver<Element>: ObserverType {
    let handler: (Event<Element>) -> Void
    init(_ handler: @escaping (Event<Element>) -> Void) { self.handler = handler }
    func on(_ event: Event<Element>) { handler(event) }
}
