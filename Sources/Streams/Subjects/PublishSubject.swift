/// A subject that sends each event to the observers subscribed at the time; late subscribers get
/// only later events (or the stop event, if it already stopped).
public final class PublishSubject<Element>: Subject<Element>, @unchecked Sendable {  // state: in the locked core
    /// Creates a subject.
    public init() { super.init(core: SubjectCore(policy: PublishPolicy())) }
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
