import Foundation

/// A replaceable global hook: a value (a closure) behind the engine's lock, and whether it was
/// ever replaced (so a default installed later, such as a test framework's reporter, does not
/// override the app's).
package final class HookSlot<Hook>: @unchecked Sendable {  // `cell` is the synchronisation
    private let cell: LockedCell<(hook: Hook, isReplaced: Bool)>

    /// A slot holding `initial`.
    package init(_ initial: Hook) {
        cell = LockedCell((initial, false))
    }

    /// The current hook.
    package func get() -> Hook { cell.read { $0.hook } }

    /// Whether ``set(_:)`` was ever called.
    package var isReplaced: Bool { cell.read { $0.isReplaced } }

    /// Replaces the hook; the old one is released after unlocking.
    package func set(_ newValue: Hook) {
        let old = cell.update { slot in
            defer { slot = (newValue, true) }
            return slot.hook
        }
        _ = consume old  // released here, after unlocking
    }
}
