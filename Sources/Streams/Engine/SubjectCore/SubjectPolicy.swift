/// What distinguishes one kind of subject from another: what it remembers and replays. A value
/// type kept in its ``SubjectCore``; every method is called with the core's lock held and must
/// not call out.
protocol SubjectPolicy<Element> {
    associatedtype Element
    /// The subject's name in error messages.
    static var subjectName: String { get }
    /// Whether ``acceptNext(_:releasing:)`` does anything (false for PublishSubject, whose
    /// per-element path then skips it).
    static var storesElements: Bool { get }
    /// Whether elements are broadcast as they arrive (false for AsyncSubject).
    static var broadcastsElements: Bool { get }
    /// `true` if `replay()` is empty until the stop event (PublishSubject), so subscribing
    /// can skip it.
    static var replaysOnlyStopEvent: Bool { get }
    /// Records an element (the current value, the replay buffer, the last element). What it
    /// displaces goes into `released`, which the core releases after unlocking.
    mutating func acceptNext(_ element: Element, releasing released: inout ReleaseList)
    /// Records the stop event.
    mutating func acceptStop(_ event: Event<Element>)
    /// The events a new subscriber receives first.
    func replay() -> [Event<Element>]
    /// The events broadcast on completion (AsyncSubject adds its last element).
    func completionEvents() -> [Event<Element>]
    /// The subject was disposed: moves the elements it stores for replay into `released` (the
    /// core releases them after unlocking), as RxSwift's `ReplaySubject.dispose()` empties its
    /// buffer.
    mutating func removeStored(releasing released: inout ReleaseList)
    /// Destroys storage the policy manages by hand (the subject is going away).
    mutating func destroy()
}

extension SubjectPolicy {
    static var storesElements: Bool { true }
    static var broadcastsElements: Bool { true }
    static var replaysOnlyStopEvent: Bool { false }
    func completionEvents() -> [Event<Element>] { [.completed] }
    mutating func removeStored(releasing released: inout ReleaseList) {}
    mutating func destroy() {}
}
