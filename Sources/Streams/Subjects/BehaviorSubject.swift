/// A subject that holds a current value: a new subscriber receives it first, then later events.
///
/// After a stop event, new subscribers receive only that stop event, and ``value()`` rethrows
/// the error.
public final class BehaviorSubject<Element>: Subject<Element>, @unchecked Sendable {  // state: in the locked core
    /// Creates a subject holding `value`.
    public init(value: Element) { super.init(core: SubjectCore(policy: BehaviorPolicy(current: value))) }

    /// The current value. Throws the subject's error if it failed, or
    /// ``StreamsError/disposed(object:)`` if it was disposed.
    public func value() throws -> Element {
        // `init` made the core with this policy: the cast only restores its static type.
        let behaviorCore = unsafeDowncast(core, to: SubjectCore<Element, BehaviorPolicy<Element>>.self)
        let (current, failure) = try behaviorCore.readPolicy { policy in
            if case .error(let error) = policy.stopEvent { return (policy.current, error as (any Error)?) }
            return (policy.current, nil)
        }
        if let failure { throw failure }
        return current
    }
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
