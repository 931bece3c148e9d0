import Foundation
import Streams

/// Remembers until when the backend asked us to stop sending requests, across queries.
///
/// Waits follow GitHub's rules: the server's `retry-after` (or reset time) when given, otherwise
/// 60 s doubling with each consecutive rate-limit answer; a successful response resets the backoff.
final class RateLimitGate: @unchecked Sendable {  // state guarded by `lock`
    private let lock = NSLock()
    private var blockedUntil: Date?
    private var consecutiveLimits = 0

    /// Whole seconds left to wait at `now` (0 when requests may be sent).
    func secondsLeft(at now: Date) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let blockedUntil else { return 0 }
        return max(0, Int((blockedUntil.timeIntervalSince(now)).rounded(.up)))
    }

    /// Records a rate-limit answer; returns the wait in seconds.
    func recordLimit(retryAfter: Int?, at now: Date) -> Int {
        lock.lock()
        defer { lock.unlock() }
        consecutiveLimits += 1
        let wait = retryAfter ?? 60 * (1 << min(consecutiveLimits - 1, 4))
        blockedUntil = now.addingTimeInterval(TimeInterval(wait))
        return wait
    }

    /// Records a successful response.
    func recordSuccess() {
        lock.lock()
        consecutiveLimits = 0
        blockedUntil = nil
        lock.unlock()
    }
}
