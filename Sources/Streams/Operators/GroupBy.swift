// Concurrency: the source's events arrive serialized, so `GroupByCore` touches its group table
// only from them, without a lock. Groups are `PublishSubject`s, which serialize their own
// deliveries. What other threads share is the reference count that keeps the source subscribed:
// one reference for the outer subscription plus one per live group subscription, kept in a
// locked cell; the source is disposed (outside the lock) when the count reaches zero.
//
// Timing (RxSwift 6): the source is subscribed at subscription. The first element with a new key
// emits a new group, then the element goes to that group (a group delivers only to observers
// subscribed at the time, like a `PublishSubject`). Completion or an error of the source (or a
// thrown key selector error) is sent to every group, then to the outer sequence. Disposing the
// outer subscription stops the outer events, but the source stays subscribed while any group
// subscription is alive.
//
// States: running (the group table, touched only by the source's events; the reference count keeps
// the source subscribed); outer disposed (live group subscriptions still keep the source); ended
// (the terminal event went to every group, then to the outer sequence).

/// A sequence of the source elements that share one key, emitted by `groupBy`.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key shared by the group's elements.
    public let key: Key
    private let source: Observable<Element>

    /// Creates a group with `key` whose elements come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group as an `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

extension GroupedObservable: Sendable where Key: Sendable {}

extension ObservableType {
    /// Splits the source into groups of elements with equal `keySelector(element)`, emitting each
    /// group when its first element arrives (see the file header for timing and disposal).
    public func groupBy<Key: Hashable>(
        keySelector: @escaping @Sendable (Element) throws -> Key, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<GroupedObservable<Key, Element>> {
        GroupByObservable(source: asObservable(), keySelector: keySelector).inspected(
            as: "groupBy", file: file, line: line)
    }
}

private final class GroupByObservable<Key: Hashable, Element>: Observable<GroupedObservable<Key, Element>>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    let keySelector: @Sendable (Element) throws -> Key

    init(source: Observable<Element>, keySelector: @escaping @Sendable (Element) throws -> Key) {
        self.source = source
        self.keySelector = keySelector
    }

    override func subscribe(_ receiver: Receiver<GroupedObservable<Key, Element>>) -> any Disposable {
        let outer = GroupByOuter<Key, Element>(downstream: receiver)
        let core = GroupByCore(keySelector: keySelector, outer: outer)
        outer.attach(core)
        core.setUpstream(source.subscribe(core))
        return outer
    }
}

/// The outer subscription: delivers groups downstream; disposing it releases the outer reference.
private final class GroupByOuter<Key: Hashable, Element>: Sink<Never, GroupedObservable<Key, Element>>,
    @unchecked Sendable  // `core` is set before subscribing and cleared once, by the single teardown
{
    private var core: GroupByCore<Key, Element>?

    func attach(_ core: GroupByCore<Key, Element>) { self.core = core }

    override func disposeResources() {
        let core = self.core
        self.core = nil
        core?.release()
    }
}

/// Receives the source and owns the groups and the reference count.
///
/// State: `groups` (touched only by the serialized source events); the reference count in
/// `references` (states: counting; released, once the last reference went).
private final class GroupByCore<Key: Hashable, Element>: SubscriptionNode<Element>,
    @unchecked Sendable  // `groups` only in serialized source events; `references` is a locked cell
{
    let keySelector: @Sendable (Element) throws -> Key
    let outer: GroupByOuter<Key, Element>
    private var groups: [Key: PublishSubject<Element>] = [:]
    /// Live references; `nil` once released.
    @exclusivity(unchecked) private var references = LockedCell<Int?>(1)

    init(keySelector: @escaping @Sendable (Element) throws -> Key, outer: GroupByOuter<Key, Element>) {
        self.keySelector = keySelector
        self.outer = outer
        super.init()
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        let key: Key
        do {
            key = try keySelector(element)
        } catch {
            return onError(error)
        }
        let subject: PublishSubject<Element>
        if let existing = groups[key] {
            subject = existing
        } else {
            subject = PublishSubject()
            groups[key] = subject
            outer.forwardNext(GroupedObservable(key: key, source: GroupObservable(subject: subject, core: self)))
        }
        subject.onNext(element)
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        for subject in groups.values { subject.onError(error) }
        outer.forwardError(error)
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        for subject in groups.values { subject.onCompleted() }
        outer.forwardCompleted()
        tearDown(previousState: previous)
    }

    /// Adds a reference for a group subscription; `false` if the source is already released.
    func retain() -> Bool {
        references.update { count in
            guard let current = count else { return false }
            count = current + 1
            return true
        }
    }

    /// Drops a reference; the last one disposes the source subscription.
    func release() {
        let last: Bool = references.update { count in
            guard let current = count else { return false }
            count = current == 1 ? nil : current - 1
            return count == nil
        }
        if last { dispose() }
    }
}

/// What a group's subscribers subscribe to: the group's subject, holding a reference on the
/// source subscription while subscribed.
private final class GroupObservable<Key: Hashable, Element>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let subject: PublishSubject<Element>
    let core: GroupByCore<Key, Element>

    init(subject: PublishSubject<Element>, core: GroupByCore<Key, Element>) {
        self.subject = subject
        self.core = core
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let retained = core.retain()
        let subscription = subject.subscribe(receiver)
        guard retained else { return subscription }
        return GroupSubscription(subscription: subscription, core: core)
    }
}

/// A group subscription: disposing it unsubscribes from the group and releases its reference.
/// Its atomic word is the "disposed" flag.
private final class GroupSubscription<Key: Hashable, Element>: DisposableNode,
    @unchecked Sendable  // immutable after init besides the flag
{
    let subscription: any Disposable
    let core: GroupByCore<Key, Element>

    init(subscription: any Disposable, core: GroupByCore<Key, Element>) {
        self.subscription = subscription
        self.core = core
    }

    override func dispose() {
        guard atomicState.exchange(1) == 0 else { return }
        subscription.dispose()
        core.release()
    }
}
