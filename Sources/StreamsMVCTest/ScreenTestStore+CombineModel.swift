import Streams
import StreamsMVC
import StreamsTest

// Isolation: these entry points are main-actor functions because `combineModel`'s view forms
// are; they wire the screen inside `ScreenTestStore.run`, whose closures run synchronously on the
// caller's actor.

extension ScreenTestStore {
    /// Tests a `combineModel` screen exhaustively in virtual time: `model` and `controller` wired
    /// to a recording view whose events are those ``ScreenTestStore/send(_:fileID:filePath:line:column:)``
    /// sends.
    ///
    /// States are delivered on `SharingScheduler.make()`, i.e. on `scheduler` (mocked); with
    /// `simulateProcessingDelay: false` a state caused by a `send` is delivered at the same tick.
    /// An error reaching the state stream fails the test. See
    /// ``ScreenTestStore/run(scheduler:fileID:filePath:line:column:connect:_:)`` for what is
    /// checked at the end.
    @MainActor
    public static func run<M: Model, C: Controller>(
        _ model: M, controller: C, scheduler: TestScheduler, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore) throws -> Void
    ) rethrows where M.State == State, M.Action == C.Action, C.Event == Event {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        try runScreen(scheduler: scheduler, site: site, wrapping: nil, body) { view, onError in
            combineModel(model, withView: view, controller: controller, onUnhandledError: onError)
        }
    }

    /// ``run(_:controller:scheduler:fileID:filePath:line:column:_:)`` with your own view: it is
    /// bound to the same states (so its rendering can be checked), and its own events join those
    /// the store sends.
    @MainActor
    public static func run<M: Model, V: View & UserInteractable, C: Controller>(
        _ model: M, withView view: V, controller: C, scheduler: TestScheduler, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore) throws -> Void
    ) rethrows where M.State == State, M.Action == C.Action, C.Event == Event, V.State == State, V.Event == Event {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        try runScreen(scheduler: scheduler, site: site, wrapping: AppView(view), body) { view, onError in
            combineModel(model, withView: view, controller: controller, onUnhandledError: onError)
        }
    }

    /// ``run(_:controller:scheduler:fileID:filePath:line:column:_:)`` for a controller that reads
    /// the current state.
    @MainActor
    public static func run<M: Model, C: StatefulController>(
        _ model: M, statefulController controller: C, scheduler: TestScheduler, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore) throws -> Void
    ) rethrows where M.State == State, M.Action == C.Action, C.Event == Event, C.State == State {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        try runScreen(scheduler: scheduler, site: site, wrapping: nil, body) { view, onError in
            combineModel(
                model, withView: view, statefulController: controller, andUserInteractable: view,
                onUnhandledError: onError)
        }
    }

    /// ``run(_:withView:controller:scheduler:fileID:filePath:line:column:_:)`` for a controller
    /// that reads the current state.
    @MainActor
    public static func run<M: Model, V: View & UserInteractable, C: StatefulController>(
        _ model: M, withView view: V, statefulController controller: C, scheduler: TestScheduler,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore) throws -> Void
    ) rethrows
    where
        M.State == State, M.Action == C.Action, C.Event == Event, C.State == State, V.State == State,
        V.Event == Event
    {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        try runScreen(scheduler: scheduler, site: site, wrapping: AppView(view), body) { view, onError in
            combineModel(
                model, withView: view, statefulController: controller, andUserInteractable: view,
                onUnhandledError: onError)
        }
    }

    /// The one wiring path: a recording view (passing through to `appView`), an error hook that
    /// fails the test, and `combine` to call `combineModel` with them.
    @MainActor
    private static func runScreen(
        scheduler: TestScheduler, site: CallSite, wrapping appView: AppView<Event, State>?,
        _ body: (ScreenTestStore) throws -> Void,
        combine: (RecordingScreenView<Event, State>, @escaping @Sendable (any Error) -> Void) -> any Disposable
    ) rethrows {
        let onError: @Sendable (any Error) -> Void = { error in
            reportTestFailure("an error reached the screen's state stream: \(error)", at: site)
        }
        try run(
            scheduler: scheduler, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
        ) { events, states in
            combine(RecordingScreenView(events: events, states: states, wrapping: appView), onError)
        } _: { store in
            try body(store)
        }
    }
}

/// The app's own view under test, reduced to what the recording view passes through to it. Both
/// are called only when `combineModel` wires the screen, inside the store's mock.
@MainActor
struct AppView<Event, State> {
    let interact: () -> Observable<Event>
    let update: (Observable<State>) -> any Disposable

    init<V: View & UserInteractable>(_ view: V) where V.State == State, V.Event == Event {
        interact = { view.interact() }
        update = { stateStream in view.update(stateStream: stateStream) }
    }
}

/// The view a screen test wires: it records every state and emits the store's events, and passes
/// both through to the app's own view when there is one.
@MainActor
final class RecordingScreenView<Event, State>: View, UserInteractable {
    private let events: Observable<Event>
    private let states: TestableObserver<State>
    private let appView: AppView<Event, State>?

    init(events: Observable<Event>, states: TestableObserver<State>, wrapping appView: AppView<Event, State>?) {
        self.events = events
        self.states = states
        self.appView = appView
    }

    func interact() -> Observable<Event> {
        appView.map { Observable.merge(events, $0.interact()) } ?? events
    }

    func update(stateStream: Observable<State>) -> any Disposable {
        let recording = stateStream.subscribe(states)
        guard let appView else { return recording }
        return Disposables.create(recording, appView.update(stateStream))
    }
}
