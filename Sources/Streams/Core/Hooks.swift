import Foundation

/// Global hooks for diagnostics.
public enum Hooks {
    private static let handler = HookSlot()

    /// Called with an error that reached a subscriber without an `onError` handler.
    ///
    /// The default prints the error to standard error. Tests may install a recorder.
    public static var unhandledError: @Sendable (any Error) -> Void {
        get { handler.get() }
        set { handler.set(newValue) }
    }

    static func reportUnhandledError(_ error: any Error) {
        unhandledError(error)
    }
}

/// A lock-protected slot for the unhandled-error hook.
private final class HookSlot: @unchecked Sendable {  // `value` guarded by `lock`
    private let lock = Lock()
    private var value: @Sendable (any Error) -> Void = { error in
        FileHandle.standardError.write(Data("Streams: unhandled error: \(error)\n".utf8))
    }

    func get() -> @Sendable (any Error) -> Void { lock.withLock { value } }
    func set(_ newValue: @escaping @Sendable (any Error) -> Void) { lock.withLock { value = newValue } }
}
