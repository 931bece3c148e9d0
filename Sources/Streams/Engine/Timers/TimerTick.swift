/// One tick of a library timer. Not generic and captured by no closure, and its target is a plain
/// class reference (``DisposableNode/timerFired(_:)``), not an existential whose witness table a
/// generic sink would look up at runtime.
struct TimerTick: Sendable {
    let target: DisposableNode
    let id: UInt64

    /// Calls the target.
    func fire() -> any Disposable { target.timerFired(id) }
}
