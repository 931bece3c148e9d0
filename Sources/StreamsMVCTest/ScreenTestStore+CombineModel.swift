import Streams
import StreamsMVC
import StreamsTest

// Isolation: these entry points are main-actor functions because `combineModel`'s view forms
// are; they wire the screen inside `ScreenTestStore.run`, whose closures run synchronously on the
// caller's actor.

extension ScreenTestStore {
    /// Tests a `combineModel` screen exhaustively in virtual time: `model` and `controller` wired
    /// to a recording view that receives what ``ScreenTestStore/send(_:fileID:filePath:line:column:)``
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
        try run(scheduler: scheduler, fileID: fileID, filePath: filePath, line: line, column: column) {
            events, states in
            combineModel(
                model, withView: RecordingScreenView(events: events, states: states), controller: controller,
                onUnhandledError: reportingErrors(at: site))
        } _: { store in
            try body(store)
        }
    }

    /// ``run(_:controller:scheduler:fileID:filePath:line:column:_:)`` with your own view: it
    /// receives the states too (so its rendering can be checked), and its own events join those
    /// the store sends.
    @MainActor
    public static func run<M: Model, V: View & UserInteractable, C: Controller>(
        _ model: M, withView view: V, controller: C, scheduler: TestScheduler, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore) throws -> Void
    ) rethrows where M.State == State, M.Action == C.Action, C.Event == Event, V.State == State, V.Event == Event {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        try run(scheduler: scheduler, fileID: fileID, filePath: filePath, line: line, column: column) {
            events, states in
            combineModel(
                model, withView: RecordingScreenView(events: events, states: states, wrapping: view),
                controller: controller, onUnhandledError: reportingErrors(at: site))
        } _: { store in
            try body(store)
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
        try run(scheduler: scheduler, fileID: fileID, filePath: filePath, line: line, column: column) {
            events, states in
            let view = RecordingScreenView(events: events, states: states)
            return combineModel(
                model, withView: view, statefulController: controller, andUserInteractable: view,
                onUnhandledError: reportingErrors(at: site))
        } _: { store in
            try body(store)
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
        try run(scheduler: scheduler, fileID: fileID, filePath: filePath, line: line, column: column) {
            events, states in
            let recording = RecordingScreenView(events: events, states: states, wrapping: view)
            return combineModel(
                model, withView: recording, statefulController: controller, andUserInteractable: recording,
                onUnhandledError: reportingErrors(at: site))
        } _: { store in
            try body(store)
        }
    }
}

/// Fails the test when an error reaches the screen's state stream.
private func reportingErrors(at site: CallSite) -> @Sendable (any Error) -> Void {
    { error in reportTestFailure("an error reached the screen's state stream: \(error)", at: site) }
}

/// The view a screen test wires: it records every state and emits the store's events, and passes
/// both through to the app's own view when there is one.
@MainActor
final class RecordingScreenView<Event, State>: View, UserInteractable {
    private let events: Observable<Event>
    private let states: TestableObserver<State>
    private let wrappedEvents: Observable<Event>?
    private let wrappedUpdate: ((Observable<State>) -> any Disposable)?

    init(events: Observable<Event>, states: TestableObserver<State>) {
        self.events = events
        self.states = states
        wrappedEvents = nil
        wrappedUpdate = nil
    }

    init<V: View & UserInteractable>(events: Observable<Event>, states: TestableObserver<State>, wrapping view: V)
    where V.State == State, V.Event == Event {
        self.events = events
        self.states = states
        wrappedEvents = view.interact()
        wrappedUpdate = { stateStream in view.update(stateStream: stateStream) }
    }

    func interact() -> Observable<Event> {
        wrappedEvents.map { Observable.merge(events, $0) } ?? events
    }

    func update(stateStream: Observable<State>) -> any Disposable {
        let recording = stateStream.subscribe(states)
        guard let wrappedUpdate else { return recording }
        return Disposables.create(recording, wrappedUpdate(stateStream))
    }
}
