/// A value behind the engine's lock, shared by the package's own test support and tests.
///
/// It stands in for `Synchronization.Mutex`, which needs macOS 15 / iOS 18 (the package supports
/// macOS 10.15 / iOS 13) and whose futex ThreadSanitizer cannot see. Unlike `Mutex` it does not
/// check that a non-`Sendable` value stays in one isolation domain: keep such values `Sendable`.
///
/// Invariant: `body` only reads or changes the value; it never delivers, disposes or waits.
package final class Locked<Value>: @unchecked Sendable {  // `cell` is the synchronisation
    private let cell: LockedCell<Value>

    /// A lock holding `value`.
    package init(_ value: Value) {
        cell = LockedCell(value)
    }

    /// Runs `body` on the value with the lock held and returns its result.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try cell.update { value in try body(&value) }
    }
}
