import Streams

/// Produces the user's events: key presses, taps, typed text.
///
/// `interact()` is called once per ``combineModel(_:withView:controller:andUserInteractable:scheduler:onUnhandledError:file:line:)``
/// and subscribed once, however many view bindings exist.
///
/// User interaction is UI code, so the protocol is main-actor isolated: a `@MainActor` class
/// (a view, a view controller) conforms without `nonisolated` or `@unchecked Sendable`. The
/// returned stream may be fed from any thread.
@MainActor
public protocol UserInteractable<Event> {
    /// The user events this interactable produces.
    associatedtype Event
    /// The stream of user events.
    func interact() -> Observable<Event>
}

/// Turns user events into actions for the model; side effects (network calls, opening URLs)
/// belong here or in a coordinator the controller talks to.
public protocol Controller<Event, Action> {
    /// The user events the controller consumes.
    associatedtype Event
    /// The actions it produces for the model.
    associatedtype Action
    /// Wires events to actions. Called once per screen.
    func use(eventStream: Observable<Event>) -> Observable<Action>
}

/// Holds the screen's state and changes it in response to actions.
public protocol Model<Action, State> {
    /// The actions the model accepts.
    associatedtype Action
    /// The state it produces.
    associatedtype State
    /// Turns the action stream into the state stream.
    func manipulate(actionStream: Observable<Action>) -> Observable<State>
}

/// Renders state. Bind as many parts of the UI to `stateStream` as you like: the pipeline behind
/// it runs once per event, and each binding receives the latest state when it subscribes.
///
/// Views are main-actor code: `update(stateStream:)` runs on the main actor, so it can call
/// `Driver.drive(onNext:)` or `observe(on: MainScheduler.instance).subscribe(onNext:)` with
/// closures that touch the view's state. States reach `stateStream` on `combineModel`'s delivery
/// scheduler (the main scheduler by default, a test's scheduler inside `SharingScheduler.mock`).
@MainActor
public protocol View<State> {
    /// The state the view renders.
    associatedtype State
    /// Binds the state stream to the UI; the returned disposable ends every binding.
    func update(stateStream: Observable<State>) -> any Disposable
}
