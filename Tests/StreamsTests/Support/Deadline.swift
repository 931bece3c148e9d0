import Foundation
import Streams

/// Runs `body` on its own thread and waits at most `seconds` for it; returns whether it finished.
///
/// A deadlock then fails the test (the stuck thread is abandoned) instead of hanging the run.
/// The bound is generous: it only has to separate "finished" from "never finishes". The caller's
/// `LiveResources` scope stays current on that thread, so what `body` creates is attributed to it.
func finishesWithin(seconds: Double = 20, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let scoped = bindingCurrentScope(body)
    Thread.detachNewThread {
        scoped()
        done.signal()
    }
    return done.wait(timeout: .now() + seconds) == .success
}

/// Waits for `semaphore` with a generous bound; returns whether it was signalled in time.
func waits(for semaphore: DispatchSemaphore, seconds: Double = 20) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
}

/// A thread-safe counter for tests.
final class Counter: Sendable {
    private let storage = Locked<Int>(0)

    @discardableResult
    func increment(by amount: Int = 1) -> Int {
        storage.withLock { count in
            count += amount
            return count
        }
    }

    var value: Int { storage.withLock { $0 } }
}

/// Wraps `body` so that it runs with the caller's current `LiveResources` scope on whatever thread
/// calls it (a task-local scope does not follow work onto dispatch queues or new threads).
func bindingCurrentScope(_ body: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    guard let scope = LiveResources.current else { return body }
    return { LiveResources.withScope(scope, body) }
}

/// `bindingCurrentScope` for a body that takes an argument.
func bindingCurrentScope<T>(_ body: @escaping @Sendable (T) -> Void) -> @Sendable (T) -> Void {
    guard let scope = LiveResources.current else { return body }
    return { value in LiveResources.withScope(scope) { body(value) } }
}

/// Runs every producer at once, each on its own serial dispatch queue and with the caller's
/// `LiveResources` scope, and waits (generously bounded) until all have returned.
func produceOnQueues(_ producers: [@Sendable () -> Void], seconds: Double = 20) -> Bool {
    let group = DispatchGroup()
    for (index, producer) in producers.enumerated() {
        let scoped = bindingCurrentScope(producer)
        DispatchQueue(label: "stress.producer.\(index)").async(group: group) { scoped() }
    }
    return group.wait(timeout: .now() + seconds) == .success
}
