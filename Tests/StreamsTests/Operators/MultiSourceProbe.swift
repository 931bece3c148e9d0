import Dispatch
import Foundation
import Streams

/// An observer for multi-threaded smoke tests: records elements and the terminal event, counts
/// overlapping calls and events after the terminal one, and signals `finished` on termination.
final class MultiSourceProbe<Element>: ObserverType, @unchecked Sendable {  // state guarded by `lock`
    private let lock = NSLock()
    private var inside = false
    private var overlapCount = 0
    private var lateCount = 0
    private var received: [Element] = []
    private var terminal: Event<Element>?
    /// Signalled once, when the terminal event arrives.
    let finished = DispatchSemaphore(value: 0)

    func on(_ event: Event<Element>) {
        lock.lock()
        if inside { overlapCount += 1 }
        inside = true
        lock.unlock()
        lock.lock()
        if terminal != nil {
            lateCount += 1
        } else if case .next(let element) = event {
            received.append(element)
        } else {
            terminal = event
        }
        inside = false
        lock.unlock()
        if event.isStopEvent { finished.signal() }
    }

    /// Waits (with a generous real-time bound) for the terminal event.
    func waitForTerminal() -> Bool { finished.wait(timeout: .now() + 30) == .success }

    var elements: [Element] { lock.withLock { received } }
    var overlaps: Int { lock.withLock { overlapCount } }
    var eventsAfterTerminal: Int { lock.withLock { lateCount } }
    var completed: Bool { lock.withLock { terminal?.isCompleted == true } }
}

/// An observable that emits `count` integers starting at `start` from `queue`, then completes.
func emitting(on queue: DispatchQueue, start: Int, count: Int) -> Observable<Int> {
    Observable.create { observer in
        let target = ObserverHandoff(observer)
        queue.async {
            for value in start..<(start + count) { target.observer.onNext(value) }
            target.observer.onCompleted()
        }
        return Disposables.create()
    }
}

/// Hands an observer to the queue that emits to it (the only thread that then uses it).
struct ObserverHandoff<Element>: @unchecked Sendable {  // used by one emitting queue only
    let observer: AnyObserver<Element>
    init(_ observer: AnyObserver<Element>) { self.observer = observer }
}

/// Waits until every block already queued on `queues` has run and been released, so the sinks
/// they captured are gone before a leak check.
func drain(_ queues: [DispatchQueue]) {
    for queue in queues { queue.sync {} }
}
