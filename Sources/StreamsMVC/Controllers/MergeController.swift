import Streams

/// A stateful controller made of branches: each turns the screen's events into actions of its own,
/// and their actions are merged — for a screen that needs more than one ``FlatMapController``.
///
/// A branch is usually another controller's `use`, after the events it takes have been picked out:
/// a `.latest` ``FlatMapController`` for requests, a mapping for selection, a `scan` for a setting.
/// The event stream is subscribed once per subscription of ``use(eventStream:currentState:)`` and
/// multicast to the branches, so each branch sees each event once, and the branches see it in the
/// order they are listed: an earlier branch acts (and the model reduces its actions) before a later
/// branch reads `currentState` for the same event.
public struct MergeController<Event, Action, State>: StatefulController {
    /// One branch: the shared events and the state reader in, actions out.
    public typealias Branch =
        @Sendable (Observable<Event>, @escaping @Sendable () -> State?) -> Observable<Action>

    private let branches: [Branch]

    /// A controller whose actions are those of `branches`, which see each event in this order.
    public init(_ branches: Branch...) {
        self.branches = branches
    }

    /// Subscribes `eventStream` once, hands its events to every branch and merges their actions.
    public func use(
        eventStream: Observable<Event>, currentState: @escaping @Sendable () -> State?
    ) -> Observable<Action> {
        let branches = self.branches
        return Observable.create { observer in
            let events = PublishSubject<Event>()
            let actions = Observable.merge(branches.map { $0(events.asObservable(), currentState) })
                .subscribe(observer)
            let input = eventStream.subscribe(events)
            return Disposables.create(input, actions)
        }
    }
}
