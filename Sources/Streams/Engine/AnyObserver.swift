extension ObserverType where Self: Sendable {
    /// Erases the observer's type (an ``AnyObserver`` is `Sendable`, so the observer must be).
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// An observer that transforms elements with `transform` and forwards them to `self`.
    public func mapObserver<Result>(_ transform: @escaping @Sendable (Result) throws -> Element) -> AnyObserver<Result>
    {
        AnyObserver { event in self.on(event.map(transform)) }
    }
}

/// A type-erased observer. It is `Sendable`: the observer `Observable.create` hands its closure
/// may be called later from another thread or queue.
///
/// The rule that makes that safe is the Observable contract's (Docs/Contract.md, rule 2): calls
/// into one observer must not overlap. Send events one at a time — from one serial queue, or
/// each after the previous call has returned — never from two threads at once. The elements
/// travel with the calls: if `Element` is not `Sendable`, keeping it on one thread is your part
/// (Docs/Concurrency.md). What it wraps is `Sendable` in its own right — a `@Sendable` event
/// handler, a `Sendable` observer, or the subscription's own sink — so the conformance is checked
/// by the compiler, not asserted.
public struct AnyObserver<Element>: ObserverType, Sendable {
    /// The closure that receives events.
    public let eventHandler: @Sendable (Event<Element>) -> Void
    /// The library's receiver behind `eventHandler`, when there is one (the observer `create`
    /// hands out): ``onNext(_:)`` and the terminal methods call it without building an `Event`,
    /// whose generic metadata unspecialized code would look up on every element.
    private let receiver: Receiver<Element>?

    /// Creates an observer from an event handler.
    public init(eventHandler: @escaping @Sendable (Event<Element>) -> Void) {
        self.eventHandler = eventHandler
        self.receiver = nil
    }

    /// Wraps another observer (a `Sendable` one: the wrapper may cross threads).
    public init<Observer: ObserverType & Sendable>(_ observer: Observer) where Observer.Element == Element {
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
