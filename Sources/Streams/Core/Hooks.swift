import Foundation

/// Global hooks for diagnostics.
public enum Hooks {
    private static let handler = HookSlot { error in
        FileHandle.standardError.write(Data("Streams: unhandled error: \(error)\n".utf8))
    }

    /// Called with an error that reached a subscriber without an `onError` handler.
    ///
    /// The default writes the error to standard error. Tests may install a recorder.
    public static var unhandledError: @Sendable (any Error) -> Void {
        get { handler.get() }
        set { handler.set(newValue) }
    }

    static func reportUnhandledError(_ error: any Error) {
        unhandledError(error)
    }
}

/// A replaceable global hook: a closure behind the engine's lock. Shared with StreamsMVC's hooks.
package final class HookSlot: @unchecked Sendable {  // `cell` is the synchronisation
    @exclusivity(unchecked) private var cell: LockedCell<@Sendable (any Error) -> Void>

    /// A slot holding `initial`.
    package init(_ initial: @escaping @Sendable (any Error) -> Void) {
        cell = LockedCell(initial)
    }

    /// The current hook.
    package func get() -> @Sendable (any Error) -> Void { cell.read { $0 } }

    /// Replaces the hook; the old one is released after unlocking.
    package func set(_ newValue: @escaping @Sendable (any Error) -> Void) {
        let old = cell.update { hook in
            defer { hook = newValue }
            return hook
        }
        _ = old
    }
}
