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

    /// Erases the observer's type.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// An observer that transforms elements with `transform` and forwards them to `self`.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in self.on(event.map(transform)) }
    }
}

/// A type-erased observer.
public struct AnyObserver<Element>: ObserverType {
    /// The closure that receives events.
    public let eventHandler: (Event<Element>) -> Void
    /// The library's receiver behind `eventHandler`, when there is one (the observer `create`
    /// hands out): ``onNext(_:)`` and the terminal methods call it without building an `Event`,
    /// whose generic metadata unspecialized code would look up on every element.
    private let receiver: Receiver<Element>?

    /// Creates an observer from an event handler.
    public init(eventHandler: @escaping (Event<Element>) -> Void) {
        self.eventHandler = eventHandler
        self.receiver = nil
    }

    /// Wraps another observer.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.eventHandler = observer.on
        self.receiver = nil
    }

    /// An observer that sends into `receiver`.
    init(_ receiver: Receiver<Element>) {
        self.eventHandler = receiver.on
        self.receiver = receiver
    }

    /// Forwards the event to the handler.
    public func on(_ event: Event<Element>) { eventHandler(event) }

    /// Sends `.next(element)`.
    public func onNext(_ element: Element) {
        if let receiver { receiver.onNext(element) } else { eventHandler(.next(element)) }
    }

    /// Sends `.completed`.
    public func onCompleted() {
        if let receiver { receiver.onCompleted() } else { eventHandler(.completed) }
    }

    /// Sends `.error(error)`.
    public func onError(_ error: any Error) {
        if let receiver { receiver.onError(error) } else { eventHandler(.error(error)) }
    }

    /// Returns `self`.
    public func asObserver() -> AnyObserver<Element> { self }
}
