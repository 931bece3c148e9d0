import Dispatch
import Foundation
import Streams

// Concurrency: a blocking call subscribes a `BlockingRecorder` and waits on a semaphore that the
// recorder signals exactly once — at the terminal event, or when it has enough elements. Events
// may arrive on any thread, including synchronously on the waiting thread during `subscribe`
// (the semaphore is then already signalled, so the wait returns at once: no deadlock). The
// recorder's state is guarded by its lock; the wait never holds it.
//
// On the main thread the wait runs the main run loop instead of blocking on the semaphore (as
// RxBlocking does), so work the source schedules on the main queue (`MainScheduler`,
// `observe(on: MainScheduler.instance)`) runs while the call waits; the recorder wakes the run
// loop with an empty main-queue block when it finishes.
//
// Limitation: a source that emits synchronously forever (for example `repeatElement` on the
// current-thread scheduler) never returns from `subscribe`, so `first()` cannot stop it; put such
// sources on another scheduler first.

/// Blocking access to an observable's events, for tests and command-line tools (RxBlocking's
/// `BlockingObservable`).
///
/// Every method subscribes, blocks the calling thread until the sequence terminates (or has the
/// elements the method needs, or `timeout` elapses), disposes the subscription, and returns.
/// On the main thread it runs the main run loop while it waits, so work scheduled on the main
/// queue (`MainScheduler`) still runs; on any other thread, do not block a thread the source
/// needs to make progress.
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
        try single { _ in true }
    }

    /// The only element for which `predicate` returns `true`, once the sequence completes.
    /// Throws ``Streams/StreamsError/noElements`` if there is none,
    /// ``Streams/StreamsError/moreThanOneElement`` as soon as a second one arrives, an error the
    /// predicate throws or the sequence fails with (either ends the wait at once), or
    /// ``Streams/StreamsError/timeout``.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let outcome = run(limit: 2, predicate: predicate)
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

    /// Subscribes, waits until the sequence terminates or delivered `limit` elements that pass
    /// `predicate` (or the timeout elapses), disposes, and returns what arrived.
    private func run(
        limit: Int?, predicate: ((Element) throws -> Bool)? = nil
    ) -> (elements: [Element], error: (any Error)?) {
        let onMainThread = Thread.isMainThread
        let subscription = SingleAssignmentDisposable()
        let recorder = BlockingRecorder<Element>(
            limit: limit, predicate: predicate, wakesMainRunLoop: onMainThread, subscription: subscription)
        let source = self.source
        if CurrentThreadScheduler.isScheduleRequired {
            // As RxBlocking: subscribe on the current-thread trampoline, so a synchronous source's
            // elements are queued behind the subscription and stop once the recorder has enough.
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                subscription.setDisposable(source.subscribe(recorder))
                return Disposables.create()
            }
        } else {
            subscription.setDisposable(source.subscribe(recorder))
        }
        let finished = onMainThread ? recorder.runMainRunLoop(timeout: timeout) : recorder.wait(timeout: timeout)
        subscription.dispose()
        return recorder.outcome(timedOut: !finished)
    }
}

/// Records events for one blocking call and signals `done` once.
// Unchecked Sendable: `progress` is locked; `predicate` runs in the serialized `on(_:)`
private final class BlockingRecorder<Element>: ObserverType, @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let limit: Int?
    private let predicate: ((Element) throws -> Bool)?
    private let wakesMainRunLoop: Bool
    /// Disposed as soon as the recorder has what it waits for, as RxBlocking stops the source.
    private let subscription: SingleAssignmentDisposable
    private let progress = Locked(Progress())

    private struct Progress {
        var elements: [Element] = []
        var error: (any Error)?
        var finished = false
    }

    init(
        limit: Int?, predicate: ((Element) throws -> Bool)?, wakesMainRunLoop: Bool,
        subscription: SingleAssignmentDisposable
    ) {
        self.limit = limit
        self.predicate = predicate
        self.wakesMainRunLoop = wakesMainRunLoop
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        var event = event
        if case .next(let element) = event, let predicate {
            do {
                guard try predicate(element) else { return }
            } catch {
                event = .error(error)
            }
        }
        let limit = self.limit
        let signal: Bool = progress.withLock { progress in
            guard !progress.finished else { return false }
            switch event {
            case .next(let element):
                progress.elements.append(element)
                if let limit, progress.elements.count >= limit { progress.finished = true }
            case .error(let error):
                progress.error = error
                progress.finished = true
            case .completed:
                progress.finished = true
            }
            return progress.finished
        }
        guard signal else { return }
        subscription.dispose()
        done.signal()
        if wakesMainRunLoop { DispatchQueue.main.async {} }  // the waiting run loop checks `isFinished`
    }

    private var isFinished: Bool { progress.withLock { $0.finished } }

    /// Blocks until finished; `false` if `timeout` (seconds) elapsed first.
    func wait(timeout: TimeInterval?) -> Bool {
        guard let timeout else {
            done.wait()
            return true
        }
        return done.wait(timeout: .now() + timeout) == .success
    }

    /// Runs the main run loop (so main-queue work proceeds) until finished; `false` if `timeout`
    /// (seconds) elapsed first. Called on the main thread.
    func runMainRunLoop(timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) } ?? .distantFuture
        while !isFinished {
            guard Date() < deadline else { return false }
            // Bounded slices, so a wake-up that raced with entering the loop costs at most one.
            _ = RunLoop.main.run(mode: .default, before: min(deadline, Date(timeIntervalSinceNow: 0.05)))
        }
        return true
    }

    /// What arrived; on a timeout, marks the run finished so late events are ignored.
    func outcome(timedOut: Bool) -> (elements: [Element], error: (any Error)?) {
        progress.withLock { progress in
            progress.finished = true
            return (progress.elements, timedOut ? StreamsError.timeout : progress.error)
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
