import Foundation

/// A global flag read on hot paths: an atomic read, writes serialized by a lock.
final class HookFlag: @unchecked Sendable {  // `cell` serializes writers; `count` is atomic
    private let count = AtomicCounter()
    private let cell = LockedCell(false)

    /// The flag.
    var value: Bool { count.value != 0 }

    /// Sets the flag.
    func set(_ newValue: Bool) {
        cell.update { current in
            guard current != newValue else { return }
            current = newValue
            count.add(newValue ? 1 : -1)
        }
    }
}
