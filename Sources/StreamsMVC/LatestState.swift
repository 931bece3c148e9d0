import Foundation

/// The latest state of a screen, readable from any thread.
final class LatestState<State>: @unchecked Sendable {  // `stored` guarded by `lock`
    private let lock = NSLock()
    private var stored: State?

    var value: State? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}

/// A lock-protected slot for ``MVCHooks/unhandledError``.
final class HookSlot: @unchecked Sendable {  // `handler` guarded by `lock`
    private let lock = NSLock()
    private var handler: @Sendable (any Error) -> Void = { error in
        print("StreamsMVC: unhandled error reached the state stream: \(error)")
        assertionFailure("StreamsMVC: unhandled error reached the state stream: \(error)")
    }

    func get() -> @Sendable (any Error) -> Void {
        lock.lock()
        defer { lock.unlock() }
        return handler
    }

    func set(_ newValue: @escaping @Sendable (any Error) -> Void) {
        lock.lock()
        handler = newValue
        lock.unlock()
    }
}
