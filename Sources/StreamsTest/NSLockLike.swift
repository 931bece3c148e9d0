import Foundation

/// The small lock StreamsTest uses (Foundation's `NSLock`, which ThreadSanitizer understands).
final class NSLockLike: Sendable {
    private let lock = NSLock()

    /// Runs `body` with the lock held.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
