// Unchecked Sendable: its state lives in the lock-guarded SubjectCore
/// A subject that replays up to `bufferSize` of the latest elements to each new subscriber, then
/// sends later events; after a stop event it replays the buffer followed by the stop event.
public final class ReplaySubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
    private let core: SubjectCore<Element, ReplayPolicy<Element>>

    private init(bufferSize: Int) {
        core = SubjectCore(policy: ReplayPolicy(bufferSize: bufferSize))
    }

    /// Creates a subject that replays at most `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
        return ReplaySubject(bufferSize: bufferSize)
    }

    /// Creates a subject that replays every element it ever received.
    public static func createUnbound() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: Int.max)
    }

    /// Sends `event`, recording elements for replay.
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
    public func asObserver() -> ReplaySubject<Element> { self }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable { core.subscribe(receiver) }
}

/// The replay buffer: exactly the latest `bufferSize` elements (a ring), then the stop event.
struct ReplayPolicy<Element>: SubjectPolicy {
    static var subjectName: String { "ReplaySubject" }
    let bufferSize: Int
    private var buffer = OutputQueue<Element>()
    private var stopEvent: Event<Element>?

    init(bufferSize: Int) { self.bufferSize = bufferSize }

    mutating func acceptNext(_ element: Element, releasing released: inout ReleaseList) {
        guard bufferSize > 0 else { return }
        buffer.append(element)
        if buffer.count > bufferSize { released.append(buffer.removeFirst()) }
    }

    mutating func acceptStop(_ event: Event<Element>) { stopEvent = event }

    func replay() -> [Event<Element>] {
        var events = buffer.elements.map { Event.next($0) }
        if let stopEvent { events.append(stopEvent) }
        return events
    }

    mutating func destroy() { buffer.destroy() }
}
