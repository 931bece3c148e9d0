#if canImport(Observation)
    import Observation
    import Streams

    // Isolation: the store is main-actor state. The screen's pipeline runs on whatever thread
    // emits (as with `combineModel`); its states reach the store through
    // `observe(on: MainScheduler.instance)`, the main-actor delivery path, which a test's
    // `SharingScheduler.mock` makes virtual. The disposable is `Sendable`, so `deinit` (not
    // isolated) can end the screen.

    /// A screen for SwiftUI: an `@Observable` object holding the latest state of a screen's
    /// shared state stream and forwarding the user's events to its controller.
    ///
    /// A SwiftUI view reads ``state`` (for example `store.state.query`) and re-renders when it
    /// changes; it calls ``send(_:)`` for user events. The store wires the model and controller
    /// as `combineModel` does: the controller runs once per event, on the thread that sends it.
    ///
    /// Timing: each state the model emits is assigned to ``state`` on the main actor, one hop
    /// after it is emitted (in virtual time inside `SharingScheduler.mock`). Observation notifies
    /// once per assignment that changes the value (an `Equatable` state equal to the current one
    /// notifies nobody). ``dispose()`` (or releasing the store) ends the screen: no state, and so
    /// no notification, arrives after it.
    ///
    /// Needs macOS 14, iOS 17, tvOS 17 or watchOS 10, the first releases with the Observation module.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    @Observable
    public final class ScreenStore<Event, State> {
        /// The latest state the screen delivered; starts as the model's initial state.
        public private(set) var state: State

        @ObservationIgnored private let events = PublishRelay<Event>()
        @ObservationIgnored private let screen = SingleAssignmentDisposable()

        /// A store for a screen whose initial state is `initialState`: `model` and `controller`
        /// are wired at once, and the model's states replace ``state`` as they arrive.
        public init<M: Model, C: Controller>(
            initialState: State, model: M, controller: C, onUnhandledError: (@Sendable (any Error) -> Void)? = nil,
            file: StaticString = #fileID, line: UInt = #line
        ) where M.State == State, M.Action == C.Action, C.Event == Event {
            state = initialState
            screen.setDisposable(
                combineModel(
                    model, controller: controller, events: events.asObservable(),
                    scheduler: ImmediateScheduler.instance,
                    onUnhandledError: onUnhandledError, file: file, line: line, bindStates: bind))
        }

        /// A store for a ``ReducerModel`` screen; ``state`` starts as `model.initialState`.
        public convenience init<M: ReducerModel, C: Controller>(
            model: M, controller: C, onUnhandledError: (@Sendable (any Error) -> Void)? = nil,
            file: StaticString = #fileID, line: UInt = #line
        ) where M.State == State, M.Action == C.Action, C.Event == Event {
            self.init(
                initialState: model.initialState, model: model, controller: controller,
                onUnhandledError: onUnhandledError, file: file, line: line)
        }

        /// A store for a ``ReducerModel`` screen whose controller reads the current state.
        public init<M: ReducerModel, C: StatefulController>(
            model: M, statefulController controller: C, onUnhandledError: (@Sendable (any Error) -> Void)? = nil,
            file: StaticString = #fileID, line: UInt = #line
        ) where M.State == State, M.Action == C.Action, C.Event == Event, C.State == State {
            state = model.initialState
            screen.setDisposable(
                combineModel(
                    model, statefulController: controller, events: events.asObservable(),
                    scheduler: ImmediateScheduler.instance, onUnhandledError: onUnhandledError, file: file, line: line,
                    bindStates: bind))
        }

        deinit { screen.dispose() }

        /// Sends a user event to the controller, synchronously on the calling thread.
        public func send(_ event: Event) { events.accept(event) }

        /// Ends the screen: the controller's work is cancelled and ``state`` no longer changes.
        public func dispose() { screen.dispose() }

        private func bind(_ states: Observable<State>) -> any Disposable {
            states.observe(on: MainScheduler.instance).subscribe(onNext: { [weak self] state in
                // `State` is generic here, so Observation cannot skip equal values by itself.
                guard let self, !isEqual(self.state, state) else { return }
                self.state = state
            })
        }
    }

    /// `true` when `Value` is `Equatable` and the two values are equal.
    private func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        guard let lhs = lhs as? any Equatable else { return false }
        return lhs.isEqual(to: rhs)
    }

    extension Equatable {
        fileprivate func isEqual(to other: Any) -> Bool { (other as? Self) == self }
    }
#endif
