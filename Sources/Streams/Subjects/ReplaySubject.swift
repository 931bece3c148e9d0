/// A subject that replays up to `bufferSize` of the latest elements to each new subscriber, then
/// sends later events; after a stop event it replays the buffer followed by the stop event.
public final class ReplaySubject<Element>: Subject<Element>, @unchecked Sendable {  // state: in the locked core
    private init(bufferSize: Int) { super.init(core: SubjectCore(policy: ReplayPolicy(bufferSize: bufferSize))) }

    /// Creates a subject that replays at most `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "ReplaySubject: bufferSize must not be negative")
        return ReplaySubject(bufferSize: bufferSize)
    }

    /// Creates a subject that replays every element it ever received.
    public static func createUnbound() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: Int.max)
    }
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

    mutating func removeStored(releasing released: inout ReleaseList) {
        while !buffer.isEmpty { released.append(buffer.removeFirst()) }
    }

    mutating func destroy() { buffer.destroy() }
}
