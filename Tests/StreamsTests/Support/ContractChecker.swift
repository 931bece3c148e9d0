import Foundation
import Streams

/// An observer that checks the Observable contract on everything it receives: calls never
/// overlap, the grammar is `next* (error | completed)?`, and nothing follows a terminal event.
final class ContractChecker<Element: Sendable>: ObserverType, Sendable {
    /// What the checker has seen.
    private struct Seen {
        var elements: [Element] = []
        var terminal: Event<Element>?
        var violations: [String] = []
    }

    private let inCall = Locked<Bool>(false)
    private let seen = Locked(Seen())

    func on(_ event: Event<Element>) {
        let overlapping = inCall.withLock { busy in
            defer { busy = true }
            return busy
        }
        seen.withLock { seen in
            if overlapping { seen.violations.append("overlapping call with \(event)") }
            if let terminal = seen.terminal {
                seen.violations.append("\(event) after terminal \(terminal)")
            } else if case .next(let element) = event {
                seen.elements.append(element)
            } else {
                seen.terminal = event
            }
        }
        inCall.withLock { $0 = false }
    }

    var receivedElements: [Element] { seen.withLock { $0.elements } }

    var terminalEvent: Event<Element>? { seen.withLock { $0.terminal } }

    var contractViolations: [String] { seen.withLock { $0.violations } }
}

/// Runs `body(i)` for i in 0..<count on `threads` concurrent threads and waits for all. The
/// caller's `LiveResources` scope stays current on every thread.
func runConcurrently(threads: Int, iterations count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let scoped = bindingCurrentScope(body)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        var index = thread
        while index < count {
            scoped(index)
            index += threads
        }
    }
}
