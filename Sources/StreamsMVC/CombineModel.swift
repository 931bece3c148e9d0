import Streams

// Concurrency: `combineModel` subscribes the controller/model pipeline exactly once. States are
// multicast through a replay-1 subject, so every view binding shares that one pipeline and a late
// binding receives the latest state. The latest state is also kept in a lock-protected box that
// stateful controllers read; reading it never subscribes, so there is no feedback cycle.

/// Wires a screen: user events → controller → model → view, and returns the one disposable that
/// tears it all down.
///
/// - The pipeline is subscribed once, synchronously, before this returns; events reach the
///   controller on the thread that emits them.
/// - Only the delivery of state to the view hops, to `scheduler` (main by default).
/// - However many bindings the view makes to its state stream, the controller runs once per event.
/// - An error that reaches the state stream is reported through `onUnhandledError` (default:
///   ``MVCHooks/unhandledError``, which asserts in debug builds) and the view keeps its last state.
public func combineModel<M: Model, V: View, C: Controller, U: UserInteractable>(
    _ model: M, withView view: V, controller: C, andUserInteractable userInteractable: U,
    scheduler: some ImmediateSchedulerType = MainScheduler.instance,
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil
) -> any Disposable where M.State == V.State, M.Action == C.Action, C.Event == U.Event {
    let actions = controller.use(eventStream: userInteractable.interact())
    return connect(
        states: model.manipulate(actionStream: actions), view: view, latest: nil, scheduler: scheduler,
        onUnhandledError: onUnhandledError)
}

/// ``combineModel(_:withView:controller:andUserInteractable:scheduler:onUnhandledError:)`` for a
/// view that is also the user interactable (RxMVC's two-argument form).
public func combineModel<M: Model, V: View & UserInteractable, C: Controller>(
    _ model: M, withView view: V, controller: C,
    scheduler: some ImmediateSchedulerType = MainScheduler.instance,
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil
) -> any Disposable where M.State == V.State, M.Action == C.Action, C.Event == V.Event {
    combineModel(
        model, withView: view, controller: controller, andUserInteractable: view, scheduler: scheduler,
        onUnhandledError: onUnhandledError)
}

/// Wires a screen whose controller reads the current state (pagination, loading guards).
///
/// Same guarantees as the plain form. `currentState` returns the latest state the model emitted
/// (the model's first state is emitted during wiring, before any event can arrive).
public func combineModel<M: Model, V: View, C: StatefulController, U: UserInteractable>(
    _ model: M, withView view: V, statefulController controller: C, andUserInteractable userInteractable: U,
    scheduler: some ImmediateSchedulerType = MainScheduler.instance,
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil
) -> any Disposable
where M.State == V.State, M.Action == C.Action, C.Event == U.Event, C.State == M.State {
    let latest = LatestState<M.State>()
    let actions = controller.use(eventStream: userInteractable.interact()) { latest.value }
    return connect(
        states: model.manipulate(actionStream: actions), view: view, latest: latest, scheduler: scheduler,
        onUnhandledError: onUnhandledError)
}

private func connect<V: View>(
    states: Observable<V.State>, view: V, latest: LatestState<V.State>?, scheduler: some ImmediateSchedulerType,
    onUnhandledError: (@Sendable (any Error) -> Void)?
) -> any Disposable {
    let shared = ReplaySubject<V.State>.create(bufferSize: 1)
    let binding = view.update(stateStream: shared.asObservable())
    let report = onUnhandledError ?? MVCHooks.unhandledError
    let recorded = latest.map { box in states.do(onNext: { box.value = $0 }) } ?? states
    let pipeline = recorded.observe(on: scheduler).subscribe(
        onNext: { shared.onNext($0) },
        onError: { report($0) },
        onCompleted: { shared.onCompleted() })
    return Disposables.create(pipeline, binding, Disposables.create { shared.dispose() })
}

/// Global hooks of StreamsMVC.
public enum MVCHooks {
    /// Called with an error that reached `combineModel`'s state stream when no `onUnhandledError`
    /// was passed. The default prints the error and, in debug builds, stops with an assertion:
    /// controllers should turn failures into actions.
    public static var unhandledError: @Sendable (any Error) -> Void {
        get { slot.get() }
        set { slot.set(newValue) }
    }

    private static let slot = HookSlot()
}
