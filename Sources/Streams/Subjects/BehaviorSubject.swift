// Unchecked Sendable: its state lives in the lock-guarded SubjectCore
/// A subject that holds a current value: a new subscriber receives it first, then later events.
///
/// After a stop event, new subscribers receive only that stop event, and ``value()`` rethrows
/// the error.
public final class BehaviorSubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
    private let core: SubjectCore<Element, BehaviorPolicy<Element>>

    /// Creates a subject holding `value`.
    public init(value: Element) {
        core = SubjectCore(policy: BehaviorPolicy(current: value))
    }

    /// The current value. Throws the subject's error if it failed, or
    /// ``StreamsError/disposed(object:)`` if it was disposed.
    public func value() throws -> Element {
        let (current, failure) = try core.readPolicy { policy in
            if case .error(let error) = policy.stopEvent { return (policy.current, error as (any Error)?) }
            return (policy.current, nil)
        }
        if let failure { throw failure }
        return current
    }

    /// Sends `event`; `.next` also becomes the current value.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): core.sendNext(element)
        case .error, .completed: core.sendStop(event)
        }
    }

    /// Sends an element without building an `Event`.
    public func onNext(_ element: Element) { core.sendNext(element) }

    /// `true` once the subject received a stop event.
    public var isStopped: Bool { core.isStopped }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { core.hasObservers }

    /// Releases every observer; later use fails with ``StreamsError/disposed(object:)``.
    public func dispose() { core.dispose() }

    /// The subject as an observer.
    public func asObserver() -> BehaviorSubject<Element> { self }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable { core.subscribe(receiver) }
}

struct BehaviorPolicy<Element>: SubjectPolicy {
    static var subjectName: String { "BehaviorSubject" }
    var current: Element
    var stopEvent: Event<Element>?
    mutating func acceptNext(_ element: Element, releasing released: inout ReleaseList) {
        released.append(current)  // the old value outlives this call, so its deinit runs after unlocking
        current = element
    }
    mutating func acceptStop(_ event: Event<Element>) { stopEvent = event }
    func replay() -> [Event<Element>] { stopEvent.map { [$0] } ?? [.next(current)] }
}
