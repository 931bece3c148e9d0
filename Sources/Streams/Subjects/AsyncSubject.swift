/// A subject that emits only its last element, and only when it completes.
///
/// On completion every observer receives the last element (if any) and `.completed`; on error,
/// only the error. Late subscribers receive the same.
public final class AsyncSubject<Element>: Subject<Element>, @unchecked Sendable {  // state: in the locked core
    /// Creates a subject.
    public init() { super.init(core: SubjectCore(policy: AsyncPolicy())) }
}

struct AsyncPolicy<Element>: SubjectPolicy {
    static var subjectName: String { "AsyncSubject" }
    static var broadcastsElements: Bool { false }
    private var last: Element?
    private var stopEvent: Event<Element>?

    mutating func acceptNext(_ element: Element, releasing released: inout ReleaseList) {
        if let old = last.take() { released.append(old) }
        last = element
    }
    mutating func acceptStop(_ event: Event<Element>) { stopEvent = event }
    func completionEvents() -> [Event<Element>] { (last.map { [.next($0)] } ?? []) + [.completed] }

    func replay() -> [Event<Element>] {
        guard let stopEvent else { return [] }
        return stopEvent.isCompleted ? completionEvents() : [stopEvent]
    }
}
