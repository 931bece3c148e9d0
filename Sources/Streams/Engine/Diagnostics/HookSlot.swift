import Foundation

/// A replaceable global hook: a value (a closure) behind the engine's lock.
package final class HookSlot<Hook>: @unchecked Sendable {  // `cell` is the synchronisation
    private let cell: LockedCell<Hook>

    /// A slot holding `initial`.
    package init(_ initial: Hook) {
        cell = LockedCell(initial)
    }

    /// The current hook.
    package func get() -> Hook { cell.read { $0 } }

    /// Replaces the hook; the old one is released after unlocking.
    package func set(_ newValue: Hook) {
        let old = cell.update { hook in
            defer { hook = newValue }
            return hook
        }
        _ = consume old  // released here, after unlocking
    }
}
