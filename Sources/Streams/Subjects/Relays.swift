/// A subject that never fails or completes: ``accept(_:)`` sends an element to current observers.
public final class PublishRelay<Element>: ObservableType, Sendable {
    private let subject = PublishSubject<Element>()

    /// Creates a relay.
    public init() {}

    /// Sends `element` to the current observers.
    public func accept(_ element: Element) { subject.onNext(element) }

    /// Subscribes `observer`.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay's events as an observable (never terminates).
    public func asObservable() -> Observable<Element> { subject }
}

/// A relay with a current value: new subscribers receive ``value`` first; it never terminates.
public final class BehaviorRelay<Element>: ObservableType, Sendable {
    private let subject: BehaviorSubject<Element>

    /// Creates a relay holding `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay's subject never fails and is never disposed, so `value()` cannot throw.
        try! subject.value()
    }

    /// Sets the value and sends it to the current observers.
    public func accept(_ element: Element) { subject.onNext(element) }

    /// Subscribes `observer`; it receives the current value first.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay's values as an observable (never terminates).
    public func asObservable() -> Observable<Element> { subject }
}

/// A relay that replays up to `bufferSize` latest elements to new subscribers; it never terminates.
public final class ReplayRelay<Element>: ObservableType, Sendable {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) { self.subject = subject }

    /// Creates a relay replaying at most `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    /// Creates a relay replaying every element.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbound())
    }

    /// Sends `element` to the current observers and records it for replay.
    public func accept(_ element: Element) { subject.onNext(element) }

    /// Subscribes `observer`; it receives the replay buffer first.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay's elements as an observable (never terminates).
    public func asObservable() -> Observable<Element> { subject }
}

extension ObservableType {
    /// Sends every element to the relays (`bind(to:)` for relays; relays never terminate, so stop
    /// events are not forwarded).
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
        subscribe(
            AnyObserver { event in
                if case .next(let element) = event { for relay in relays { relay.accept(element) } }
            })
    }

    /// Sends every element to the relays.
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
        subscribe(
            AnyObserver { event in
                if case .next(let element) = event { for relay in relays { relay.accept(element) } }
            })
    }

    /// Sends every element to the relays.
    public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
        subscribe(
            AnyObserver { event in
                if case .next(let element) = event { for relay in relays { relay.accept(element) } }
            })
    }
}
