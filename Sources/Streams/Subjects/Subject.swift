// Unchecked Sendable: its state lives in the lock-guarded SubjectCore
/// An observable that is also an observer: what it is sent, it broadcasts to its observers. The
/// kinds differ in what a new observer receives first: ``PublishSubject`` nothing,
/// ``BehaviorSubject`` the current value, ``ReplaySubject`` the latest elements, ``AsyncSubject``
/// only the last element, on completion.
///
/// Reentrant and concurrent sends are queued and delivered in order, never overlapping; events
/// after a stop event are ignored. Only the library's subjects subclass it.
public class Subject<Element>: Observable<Element>, ObserverType, @unchecked Sendable {
    let core: AnySubjectCore<Element>

    init(core: AnySubjectCore<Element>) { self.core = core }

    /// Nothing can send to the subject any more: its observers are let go of, and what the app's
    /// subscriptions captured is released (Docs/Contract.md, "What a subscription keeps").
    deinit { core.releaseObservers() }

    /// Sends `event` to the observers (and records it as the subject's kind says).
    public final func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): core.sendNext(element)
        case .error, .completed: core.sendStop(event)
        }
    }

    /// Sends an element without building an `Event`.
    public final func onNext(_ element: Element) { core.sendNext(element) }

    /// `true` once the subject received a stop event.
    public final var isStopped: Bool { core.isStopped }

    /// `true` while at least one observer is subscribed.
    public final var hasObservers: Bool { core.hasObservers }

    /// Releases every observer; later use fails with ``StreamsError/disposed(object:)``.
    public final func dispose() { core.dispose() }

    override final func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        // Subscribed by a recorded chain: the subject is a leaf of the inspector's snapshot.
        if _slowPath(Inspector.isRecording) { return subscribeRecorded(receiver) }
        return core.subscribe(receiver)
    }

    /// ``subscribe(_:)`` while the inspector records: a leaf named after the subject's kind.
    @inline(never)
    private func subscribeRecorded(_ receiver: Receiver<Element>) -> any Disposable {
        let core = core
        let kind = String(describing: type(of: self)).prefix { $0 != "<" }
        return Inspector.subscribeSubject(receiver, name: String(kind)) { core.subscribe($0) }
    }
}
