import Streams

// Concurrency: the pipeline is subscribed exactly once. States are multicast through a replay-1
// subject, so every binding shares that one pipeline and a late binding receives the latest
// state. The latest state is also kept in a lock-protected box that stateful controllers read;
// reading it never subscribes, so there is no feedback cycle. Nothing here is actor-isolated:
// `bindStates` runs synchronously on the caller's actor, everything else on the emitting thread.

/// Wires a screen without a view: `events` → controller → model → `bindStates`, and returns the
/// one disposable that tears it all down.
///
/// This is the nonisolated core of the view forms of `combineModel`, for screens whose consumer
/// is not main-actor UI: a command-line mode, a background job, a test. It has the same
/// guarantees: `bindStates` is called once, synchronously, with the shared state stream (bind it
/// as often as you like); the pipeline is then subscribed once, before this returns; states are
/// delivered on `scheduler` (``Streams/SharingScheduler/make()`` by default); an error reaching the
/// state stream goes to `onUnhandledError` (default ``MVCHooks/unhandledError``), and then the
/// bindings' subscriptions to the state stream end, without an event, releasing what they captured.
public func combineModel<M: Model, C: Controller>(
    _ model: M, controller: C, events: Observable<C.Event>,
    scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil,
    file: StaticString = #fileID, line: UInt = #line,
    bindStates: (Observable<M.State>) -> any Disposable
) -> any Disposable where M.Action == C.Action {
    let actions = controller.use(eventStream: events)
    return connect(
        states: model.manipulate(actionStream: actions), latest: nil, scheduler: scheduler,
        onUnhandledError: onUnhandledError, file: file, line: line, bindStates: bindStates)
}

/// ``combineModel(_:controller:events:scheduler:onUnhandledError:file:line:bindStates:)`` for a controller
/// that reads the current state: `currentState` returns the latest state the model emitted.
public func combineModel<M: Model, C: StatefulController>(
    _ model: M, statefulController controller: C, events: Observable<C.Event>,
    scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil,
    file: StaticString = #fileID, line: UInt = #line,
    bindStates: (Observable<M.State>) -> any Disposable
) -> any Disposable where M.Action == C.Action, C.State == M.State {
    let latest = LatestState<M.State>()
    let actions = controller.use(eventStream: events) { latest.value }
    return connect(
        states: model.manipulate(actionStream: actions), latest: latest, scheduler: scheduler,
        onUnhandledError: onUnhandledError, file: file, line: line, bindStates: bindStates)
}

private func connect<State>(
    states: Observable<State>, latest: LatestState<State>?, scheduler: any ImmediateSchedulerType,
    onUnhandledError: (@Sendable (any Error) -> Void)?, file: StaticString, line: UInt,
    bindStates: (Observable<State>) -> any Disposable
) -> any Disposable {
    let shared = ReplaySubject<State>.create(bufferSize: 1)
    let binding = bindStates(shared.asObservable())
    let report = onUnhandledError ?? MVCHooks.unhandledError
    let recorded = latest.map { box in states.do(onNext: { box.value = $0 }, file: file, line: line) } ?? states
    // The screen's subscription is recorded as one root, `combineModel`, at the app's line.
    let pipeline = recorded.observe(on: scheduler, file: file, line: line).subscribeClosures(
        as: "combineModel",
        onNext: { shared.onNext($0) },
        onError: { error in
            report(error)
            shared.dispose()  // the screen is over: its bindings end and release what they captured
        },
        onCompleted: { shared.onCompleted() }, file: file, line: line)
    return Disposables.create(pipeline, binding, Disposables.create { shared.dispose() })
}
