import Streams

/// The latest state of a screen, readable from any thread.
///
/// The state sits in the engine's `Locked` cell; a new state displaces the old one, which is
/// handed out of the transition and released after unlocking (a state's `deinit` is app code).
final class LatestState<State>: Sendable {
    private let cell = Locked<State?>(nil)

    var value: State? {
        get { cell.withLock { $0 } }
        set {
            let old = cell.withLock { stored in
                defer { stored = newValue }
                return stored
            }
            _ = consume old  // released here, after unlocking
        }
    }
}
