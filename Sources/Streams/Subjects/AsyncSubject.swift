// Unchecked Sendable: its state lives in the lock-guarded SubjectCore
/// A subject that emits only its last element, and only when it completes.
///
/// On completion every observer receives the last element (if any) and `.completed`; on error,
/// only the error. Late subscribers receive the same.
public final class AsyncSubject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
    private let core = SubjectCore<Element, AsyncPolicy<Element>>(policy: AsyncPolicy())

    /// Creates a subject.
    public override init() {}

    /// Records elements; broadcasts the last one on completion.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): core.sendNext(element)
        case .error, .completed: core.sendStop(event)
        }
    }

    /// `true` while at least one observer is subscribed.
    public var hasObservers: Bool { core.hasObservers }

    /// Releases every observer; later use fails with ``StreamsError/disposed(object:)``.
    public func dispose() { core.dispose() }

    /// The subject as an observer.
    public func asObserver() -> AsyncSubject<Element> { self }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable { core.subscribe(receiver) }
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
