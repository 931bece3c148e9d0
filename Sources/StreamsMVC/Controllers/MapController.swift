import Streams

/// A controller that maps each event to exactly one action.
///
/// Implement ``mapToAction(event:)``, or RxMVC's first spelling ``mapEventToAction(_:)``; a
/// controller that implements neither does not compile.
public protocol MapController<Event, Action>: Controller, Sendable {
    /// The user events (restated so conformers' `mapToAction(event:)` infers it).
    associatedtype Event
    /// The actions (restated so conformers' `mapToAction(event:)` infers it).
    associatedtype Action
    /// What ``mapEventToAction(_:)`` returns: `Action` for a controller that implements it,
    /// ``CurrentSpellingResult`` for one that implements ``mapToAction(event:)``. Inferred: never
    /// declare it.
    associatedtype FirstSpellingAction = CurrentSpellingResult<Action>
    /// The action for `event`. Implement this or ``mapEventToAction(_:)``.
    func mapToAction(event: Event) -> Action
    /// RxMVC's first spelling of ``mapToAction(event:)``, so such controllers port unchanged.
    /// Implement this (returning `Action`) or ``mapToAction(event:)``.
    func mapEventToAction(_ event: Event) -> FirstSpellingAction
}

extension MapController where FirstSpellingAction == Action {
    /// Calls ``mapEventToAction(_:)`` (for controllers written with RxMVC's first spelling).
    public func mapToAction(event: Event) -> Action { mapEventToAction(event) }
}

extension MapController where FirstSpellingAction == CurrentSpellingResult<Action> {
    /// The action of ``mapToAction(event:)``, wrapped (for controllers written with the current
    /// spelling).
    public func mapEventToAction(_ event: Event) -> CurrentSpellingResult<Action> {
        CurrentSpellingResult(mapToAction(event: event))
    }
}

extension MapController {
    /// Maps every event with ``mapToAction(event:)``.
    public func use(eventStream: Observable<Event>) -> Observable<Action> {
        eventStream.map { [self] event in mapToAction(event: event) }
    }
}
