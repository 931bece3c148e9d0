import Streams

/// How a ``FlatMapController`` combines the action streams of successive events.
public enum FlatMapType: Sendable, Equatable {
    /// All inner streams run concurrently (`flatMap`), RxMVC's default.
    case normal
    /// While an inner stream runs, new events are ignored (`flatMapFirst`).
    case first
    /// A new event cancels the running inner stream (`flatMapLatest`): right for search.
    case latest
    /// Inner streams run one after another, in event order (`concatMap`).
    case concat
}

/// A controller that turns each event into a stream of actions.
///
/// Implement ``flatMapToAction(event:)``, or RxMVC's first spelling ``flatMapEventToAction(_:)``;
/// a controller that implements neither does not compile.
///
/// Turn failures into actions inside ``flatMapToAction(event:)`` (for example with
/// `catch { .just(.failed($0)) }`): an error that escapes ends the screen's pipeline and is
/// reported by `combineModel`.
public protocol FlatMapController<Event, Action>: Controller, Sendable {
    /// The user events (restated so conformers' `flatMapToAction(event:)` infers it).
    associatedtype Event
    /// The actions (restated so conformers' `flatMapToAction(event:)` infers it).
    associatedtype Action
    /// What ``flatMapEventToAction(_:)`` returns: `Observable<Action>` for a controller that
    /// implements it, ``CurrentSpellingResult`` for one that implements
    /// ``flatMapToAction(event:)``. Inferred: never declare it.
    associatedtype FirstSpellingActions: ObservableConvertibleType = CurrentSpellingResult<Observable<Action>>
    where FirstSpellingActions.Element == Action
    /// How successive inner streams combine; defaults to ``FlatMapType/normal`` as in RxMVC.
    var flatMapType: FlatMapType { get }
    /// The actions for `event`. Implement this or ``flatMapEventToAction(_:)``.
    func flatMapToAction(event: Event) -> Observable<Action>
    /// RxMVC's first spelling of ``flatMapToAction(event:)`` (its GitHub Search example's), so
    /// such controllers port unchanged. Implement this (returning `Observable<Action>`) or
    /// ``flatMapToAction(event:)``.
    func flatMapEventToAction(_ event: Event) -> FirstSpellingActions
}

extension FlatMapController where FirstSpellingActions == Observable<Action> {
    /// Calls ``flatMapEventToAction(_:)`` (for controllers written with RxMVC's first spelling).
    public func flatMapToAction(event: Event) -> Observable<Action> { flatMapEventToAction(event) }
}

extension FlatMapController where FirstSpellingActions == CurrentSpellingResult<Observable<Action>> {
    /// The actions of ``flatMapToAction(event:)``, wrapped (for controllers written with the
    /// current spelling).
    public func flatMapEventToAction(_ event: Event) -> CurrentSpellingResult<Observable<Action>> {
        CurrentSpellingResult(flatMapToAction(event: event))
    }
}

extension FlatMapController {
    /// RxMVC's default: ``FlatMapType/normal``.
    public var flatMapType: FlatMapType { .normal }

    /// Applies ``flatMapToAction(event:)`` with the operator ``flatMapType`` names.
    public func use(eventStream: Observable<Event>) -> Observable<Action> {
        let transform: @Sendable (Event) -> Observable<Action> = { [self] event in flatMapToAction(event: event) }
        switch flatMapType {
        case .normal: return eventStream.flatMap(transform)
        case .first: return eventStream.flatMapFirst(transform)
        case .latest: return eventStream.flatMapLatest(transform)
        case .concat: return eventStream.concatMap(transform)
        }
    }
}

/// A controller that also reads the screen's current state — for pagination, "already loading"
/// guards or rate-limit checks.
///
/// `currentState` returns the latest state the model produced (safe from any thread), or `nil`
/// before the model's first state. Reading it never subscribes to the state stream, so there is
/// no feedback cycle and no re-entry.
public protocol StatefulController<Event, Action, State>: Sendable {
    /// The user events the controller consumes.
    associatedtype Event
    /// The actions it produces for the model.
    associatedtype Action
    /// The model's state.
    associatedtype State
    /// Wires events to actions, with access to the latest state.
    func use(eventStream: Observable<Event>, currentState: @escaping @Sendable () -> State?) -> Observable<Action>
}
