// Unchecked Sendable: its state lives in the lock-guarded SubjectCore
/// A subject that sends each event to the observers subscribed at the time; late subscribers get
/// only later events (or the stop event, if it already stopped).
public final class PublishSubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
    private let core = SubjectCore<Element, PublishPolicy<Element>>(policy: PublishPolicy())

    /// Creates a subject.
    public override init() {}

    /// Sends `event` to the current observers. Reentrant and concurrent sends are queued and
    /// delivered in order; events after a stop event are ignored.
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
    public func asObserver() -> PublishSubject<Element> { self }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable { core.subscribe(receiver) }
}

struct PublishPolicy<Element>: SubjectPolicy {
    static var subjectName: String { "PublishSubject" }
    static var replaysOnlyStopEvent: Bool { true }
    static var storesElements: Bool { false }
    private var stopEvent: Event<Element>?
    mutating func acceptNext(_ element: Element, releasing released: inout ReleaseList) {}
    mutating func acceptStop(_ event: Event<Element>) { stopEvent = event }
    func replay() -> [Event<Element>] { stopEvent.map { [$0] } ?? [] }
}
