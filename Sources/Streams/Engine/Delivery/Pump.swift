/// A loop that one thread runs at a time: a request made while it runs — from another thread, or
/// reentrantly from inside a turn — becomes one more turn of that loop. So work that re-enters
/// (a source that completes or fails synchronously while being subscribed, 100,000 of them in a
/// row) iterates at constant stack depth instead of recursing.
///
/// States: idle; running; running with one more turn requested. A value guarded by its owner's
/// lock: `concat` and `retry` keep one in their locked state.
struct Pump {
    private(set) var isRunning = false
    private var isTurnRequested = false

    /// Requests a turn: `true` if the caller must now run the loop; `false` if the running loop
    /// takes the request.
    mutating func request() -> Bool {
        if isRunning {
            isTurnRequested = true
            return false
        }
        isRunning = true
        return true
    }

    /// For the running thread, after a turn: `true` to run one more; otherwise the loop is idle.
    mutating func finishTurn() -> Bool {
        if isTurnRequested {
            isTurnRequested = false
            return true
        }
        isRunning = false
        return false
    }

    /// Ends the loop without another turn (its owner was disposed).
    mutating func stop() {
        isRunning = false
        isTurnRequested = false
    }
}
