import Streams

/// A controller that maps each event to exactly one action.
public protocol MapController<Event, Action>: Controller, Sendable {
    /// The user events (restated so conformers' `mapToAction(event:)` infers it).
    associatedtype Event
    /// The actions (restated so conformers' `mapToAction(event:)` infers it).
    associatedtype Action
    /// The action for `event`. Implement this or ``mapEventToAction(_:)``.
    func mapToAction(event: Event) -> Action
    /// RxMVC's first spelling of ``mapToAction(event:)``, so such controllers port unchanged.
    /// Implement this or ``mapToAction(event:)``.
    func mapEventToAction(_ event: Event) -> Action
}

extension MapController {
    /// Calls ``mapEventToAction(_:)`` (for controllers written with RxMVC's first spelling).
    public func mapToAction(event: Event) -> Action {
        RequirementSpelling.forward(from: Self.self, requirement: "MapController.mapToAction(event:)") {
            mapEventToAction(event)
        }
    }

    /// Calls ``mapToAction(event:)``.
    public func mapEventToAction(_ event: Event) -> Action {
        RequirementSpelling.forward(from: Self.self, requirement: "MapController.mapToAction(event:)") {
            mapToAction(event: event)
        }
    }

    /// Maps every event with ``mapToAction(event:)``.
    public func use(eventStream: Observable<Event>) -> Observable<Action> {
        eventStream.map { [self] event in mapToAction(event: event) }
    }
}
