import Streams

// Isolation: views and user interactables are main-actor protocols, so the forms that take them
// are main-actor functions; they call `interact()` and `update(stateStream:)` synchronously and
// hand the rest to the nonisolated form (HeadlessScreen.swift), which runs the controller and
// model on whatever thread emits, with `@Sendable` closures only.

/// Wires a screen: user events → controller → model → view, and returns the one disposable that
/// tears it all down.
///
/// - The pipeline is subscribed once, synchronously, before this returns; events reach the
///   controller on the thread that emits them.
/// - Only the delivery of state to the view hops, to `scheduler` (``Streams/SharingScheduler/make()``
///   by default: the main scheduler, or a test's scheduler inside `SharingScheduler.mock`).
/// - However many bindings the view makes to its state stream, the controller runs once per event.
/// - An error that reaches the state stream is reported through `onUnhandledError` (default:
///   ``MVCHooks/unhandledError``, which asserts in debug builds) and the view keeps its last state.
@MainActor
public func combineModel<M: Model, V: View, C: Controller, U: UserInteractable>(
    _ model: M, withView view: V, controller: C, andUserInteractable userInteractable: U,
    scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
) -> any Disposable where M.State == V.State, M.Action == C.Action, C.Event == U.Event {
    combineModel(
        model, controller: controller, events: userInteractable.interact(), scheduler: scheduler,
        onUnhandledError: onUnhandledError, file: file, line: line
    ) { states in view.update(stateStream: states) }
}

/// ``combineModel(_:withView:controller:andUserInteractable:scheduler:onUnhandledError:file:line:)`` for a
/// view that is also the user interactable (RxMVC's two-argument form).
@MainActor
public func combineModel<M: Model, V: View & UserInteractable, C: Controller>(
    _ model: M, withView view: V, controller: C,
    scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
) -> any Disposable where M.State == V.State, M.Action == C.Action, C.Event == V.Event {
    combineModel(
        model, withView: view, controller: controller, andUserInteractable: view, scheduler: scheduler,
        onUnhandledError: onUnhandledError, file: file, line: line)
}

/// Wires a screen whose controller reads the current state (pagination, loading guards).
///
/// Same guarantees as the plain form. `currentState` returns the latest state the model emitted
/// (the model's first state is emitted during wiring, before any event can arrive).
@MainActor
public func combineModel<M: Model, V: View, C: StatefulController, U: UserInteractable>(
    _ model: M, withView view: V, statefulController controller: C, andUserInteractable userInteractable: U,
    scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
    onUnhandledError: (@Sendable (any Error) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
) -> any Disposable
where M.State == V.State, M.Action == C.Action, C.Event == U.Event, C.State == M.State {
    combineModel(
        model, statefulController: controller, events: userInteractable.interact(), scheduler: scheduler,
        onUnhandledError: onUnhandledError, file: file, line: line
    ) { states in view.update(stateStream: states) }
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

    private static let slot = HookSlot<@Sendable (any Error) -> Void> { error in
        print("StreamsMVC: unhandled error reached the state stream: \(error)")
        assertionFailure("StreamsMVC: unhandled error reached the state stream: \(error)")
    }
}
