import Streams

/// A model defined by an initial state and a pure reducer.
///
/// `manipulate` emits the initial state at subscription, then one state per action, and completes
/// when the action stream completes. It does not share: sharing belongs to `combineModel`.
///
/// Implement ``reduce(state:with:)``, or RxMVC's first spelling ``reduce(_:with:)``; a model that
/// implements neither does not compile.
public protocol ReducerModel<Action, State>: Model, Sendable {
    /// The actions (restated so conformers' `reduce(state:with:)` infers it).
    associatedtype Action
    /// The state (restated so conformers' `initialState` infers it).
    associatedtype State
    /// What ``reduce(_:with:)`` returns: `State` for a model that implements it,
    /// ``CurrentSpellingResult`` for one that implements ``reduce(state:with:)``. Inferred: never
    /// declare it.
    associatedtype FirstSpellingState = CurrentSpellingResult<State>
    /// The state before any action.
    var initialState: State { get }
    /// The state after applying `action` to `state`. Implement this or ``reduce(_:with:)``.
    func reduce(state: State, with action: Action) -> State
    /// RxMVC's first spelling of ``reduce(state:with:)``, so such models port unchanged.
    /// Implement this (returning `State`) or ``reduce(state:with:)``.
    func reduce(_ state: State, with action: Action) -> FirstSpellingState
}

extension ReducerModel where FirstSpellingState == State {
    /// Calls ``reduce(_:with:)`` (for models written with RxMVC's first spelling).
    public func reduce(state: State, with action: Action) -> State { reduce(state, with: action) }
}

extension ReducerModel where FirstSpellingState == CurrentSpellingResult<State> {
    /// The state of ``reduce(state:with:)``, wrapped (for models written with the current
    /// spelling).
    public func reduce(_ state: State, with action: Action) -> CurrentSpellingResult<State> {
        CurrentSpellingResult(reduce(state: state, with: action))
    }
}

extension ReducerModel {
    /// `initialState`, then the running reduction of the actions.
    public func manipulate(actionStream: Observable<Action>) -> Observable<State> {
        actionStream
            .scan(initialState) { [self] state, action in reduce(state: state, with: action) }
            .startWith(initialState)
    }
}

// Unchecked Sendable: `state` is immutable; elements need not be Sendable (Docs/Concurrency.md).
/// A model whose state never changes. It still subscribes to the action stream (so controller
/// side effects run) and emits the constant state once per action, as RxMVC's does.
public struct ConstantModel<Action, State>: Model, @unchecked Sendable {
    /// The constant state.
    public let state: State

    /// Creates a model that always holds `state`.
    public init(state: State) { self.state = state }

    /// `state` at subscription, then `state` again for each action.
    public func manipulate(actionStream: Observable<Action>) -> Observable<State> {
        let state = TransferBox(state)
        return actionStream.map { _ in state.value }.startWith(state.value)
    }
}

// Unchecked Sendable: immutable; Streams does not require Sendable elements (Docs/Concurrency.md)
/// Carries an immutable value into `@Sendable` closures.
struct TransferBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
