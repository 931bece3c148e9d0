/// A subject that never fails or completes: ``accept(_:)`` sends an element to the current
/// observers. The kinds differ, as their subjects do, in what a new observer receives first:
/// ``PublishRelay`` nothing, ``BehaviorRelay`` the current value, ``ReplayRelay`` the latest
/// elements. Only the library's relays subclass it.
public class Relay<Element>: ObservableType, @unchecked Sendable {  // immutable: one subject
    let subject: Subject<Element>

    init(subject: Subject<Element>) { self.subject = subject }

    /// Sends `element` to the current observers (and records it as the relay's kind says).
    public final func accept(_ element: Element) { subject.onNext(element) }

    /// Subscribes `observer`; it receives what the relay's kind replays first.
    public final func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay's elements as an observable (never terminates).
    public final func asObservable() -> Observable<Element> { subject }
}

/// A relay that sends each element to the observers subscribed at the time.
public final class PublishRelay<Element>: Relay<Element>, @unchecked Sendable {  // immutable
    /// Creates a relay.
    public init() { super.init(subject: PublishSubject()) }
}

/// A relay with a current value: new subscribers receive ``value`` first.
public final class BehaviorRelay<Element>: Relay<Element>, @unchecked Sendable {  // immutable
    /// Creates a relay holding `value`.
    public init(value: Element) { super.init(subject: BehaviorSubject(value: value)) }

    /// The current value.
    public var value: Element {
        // `init` made the subject, which never fails and is never disposed: `value()` cannot throw.
        try! unsafeDowncast(subject, to: BehaviorSubject<Element>.self).value()
    }
}

/// A relay that replays up to `bufferSize` latest elements to new subscribers.
public final class ReplayRelay<Element>: Relay<Element>, @unchecked Sendable {  // immutable
    /// Creates a relay replaying at most `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.create(bufferSize: bufferSize))
    }

    /// Creates a relay replaying every element.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(subject: ReplaySubject.createUnbound())
    }
}

extension ObservableType {
    /// Sends every element to the relays (`bind(to:)` for relays; relays never terminate, so stop
    /// events are not forwarded).
    public func bind(to relays: Relay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> any Disposable {
        inspectedSubscriber(as: "bind", file: file, line: line).subscribe(
            AnyObserver { event in
                if case .next(let element) = event { for relay in relays { relay.accept(element) } }
            })
    }
}
