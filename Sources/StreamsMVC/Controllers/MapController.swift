import Streams

/// A controller that maps each event to exactly one action.
public protocol MapController<Event, Action>: Controller, Sendable {
    /// The user events (restated so conformers' `mapToAction(event:)` infers it).
    associatedtype Event
    /// The actions (restated so conformers' `mapToAction(event:)` infers it).
    associatedtype Action
    /// The action for `event`.
    func mapToAction(event: Event) -> Action
}

extension MapController {
    /// Maps every event with ``mapToAction(event:)``.
    public func use(eventStream: Observable<Event>) -> Observable<Action> {
        eventStream.map { [self] event in mapToAction(event: event) }
    }
}
