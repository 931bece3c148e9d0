import Dispatch
import Foundation
import Streams

// Concurrency: a blocking call subscribes a `BlockingRecorder` and waits on a semaphore that the
// recorder signals exactly once — at the terminal event, or when it has enough elements. Events
// may arrive on any thread, including synchronously on the waiting thread during `subscribe`
// (the semaphore is then already signalled, so the wait returns at once: no deadlock). The
// recorder's state is guarded by its lock; the wait never holds it.
//
// Limitation: a source that emits synchronously forever (for example `repeatElement` on the
// current-thread scheduler) never returns from `subscribe`, so `first()` cannot stop it; put such
// sources on another scheduler first.

/// Blocking access to an observable's events, for tests and command-line tools (RxBlocking's
/// `BlockingObservable`).
///
/// Every method subscribes, blocks the calling thread until the sequence terminates (or has the
/// elements the method needs, or `timeout` elapses), disposes the subscription, and returns.
/// Do not call it on a thread the source needs to make progress (for example the main thread
/// with `MainScheduler`).
public struct BlockingObservable<Element> {
    let source: Observable<Element>
    let timeout: TimeInterval?

    /// All elements, once the sequence completes; throws its error, or
    /// ``Streams/StreamsError/timeout`` if it does not terminate within the timeout.
    public func toArray() throws -> [Element] {
        let outcome = run(limit: nil)
        if let error = outcome.error { throw error }
        return outcome.elements
    }

    /// The first element (`nil` if the sequence completes empty); returns as soon as it arrives
    /// and disposes the subscription. Throws an error that arrives first, or
    /// ``Streams/StreamsError/timeout``.
    public func first() throws -> Element? {
        let outcome = run(limit: 1)
        if let error = outcome.error { throw error }
        return outcome.elements.first
    }

    /// The last element (`nil` if the sequence completes empty), once the sequence completes;
    /// throws its error or ``Streams/StreamsError/timeout``.
    public func last() throws -> Element? {
        let outcome = run(limit: nil)
        if let error = outcome.error { throw error }
        return outcome.elements.last
    }

    /// The only element, once the sequence completes. Throws ``Streams/StreamsError/noElements``
    /// if it completes empty, ``Streams/StreamsError/moreThanOneElement`` as soon as a second
    /// element arrives, its error, or ``Streams/StreamsError/timeout``.
    public func single() throws -> Element {
        let outcome = run(limit: 2)
        if let error = outcome.error { throw error }
        guard outcome.elements.count <= 1 else { throw StreamsError.moreThanOneElement }
        guard let element = outcome.elements.first else { throw StreamsError.noElements }
        return element
    }

    /// The elements and how the sequence ended; a timeout ends it as
    /// `.failed(elements:error: StreamsError.timeout)`.
    public func materialize() -> MaterializedSequenceResult<Element> {
        let outcome = run(limit: nil)
        if let error = outcome.error { return .failed(elements: outcome.elements, error: error) }
        return .completed(elements: outcome.elements)
    }

    /// Subscribes, waits until the sequence terminates or delivered `limit` elements (or the
    /// timeout elapses), disposes, and returns what arrived.
    private func run(limit: Int?) -> (elements: [Element], error: (any Error)?) {
        let recorder = BlockingRecorder<Element>(limit: limit)
        let subscription = source.subscribe(recorder)
        let result: DispatchTimeoutResult
        if let timeout {
            result = recorder.done.wait(timeout: .now() + timeout)
        } else {
            recorder.done.wait()
            result = .success
        }
        subscription.dispose()
        return recorder.outcome(timedOut: result == .timedOut)
    }
}

/// Records events for one blocking call and signals `done` once.
private final class BlockingRecorder<Element>: ObserverType, @unchecked Sendable {  // state guarded by `lock`
    let done = DispatchSemaphore(value: 0)
    private let lock = NSLockLike()
    private let limit: Int?
    private var elements: [Element] = []
    private var error: (any Error)?
    private var finished = false

    init(limit: Int?) { self.limit = limit }

    func on(_ event: Event<Element>) {
        let signal: Bool = lock.withLock {
            guard !finished else { return false }
            switch event {
            case .next(let element):
                elements.append(element)
                if let limit, elements.count >= limit { finished = true }
            case .error(let error):
                self.error = error
                finished = true
            case .completed:
                finished = true
            }
            return finished
        }
        if signal { done.signal() }
    }

    /// What arrived; on a timeout, marks the run finished so late events are ignored.
    func outcome(timedOut: Bool) -> (elements: [Element], error: (any Error)?) {
        lock.withLock {
            finished = true
            return (elements, timedOut ? StreamsError.timeout : error)
        }
    }
}

extension ObservableConvertibleType {
    /// Blocking access to this sequence's events (an observable's, or a trait's); `timeout`
    /// (seconds, `nil` for none) bounds each blocking call, after which it throws
    /// ``Streams/StreamsError/timeout``.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(source: asObservable(), timeout: timeout)
    }
}
