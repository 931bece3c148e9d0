import Foundation
import Streams

/// An observer that checks the Observable contract on everything it receives: calls never
/// overlap, the grammar is `next* (error | completed)?`, and nothing follows a terminal event.
final class ContractChecker<Element: Sendable>: ObserverType, @unchecked Sendable {
    // Unchecked Sendable: `elements`/`terminal`/`violations` are guarded by `lock`; `inCall` has its own lock.
    private let inCall = Locked<Bool>(false)
    private let lock = NSLock()
    private var elements: [Element] = []
    private var terminal: Event<Element>?
    private var violations: [String] = []

    func on(_ event: Event<Element>) {
        let overlapping = inCall.withLock { busy in
            defer { busy = true }
            return busy
        }
        if overlapping { record("overlapping call with \(event)") }
        lock.lock()
        if terminal != nil {
            violations.append("\(event) after terminal \(terminal!)")
        } else if case .next(let element) = event {
            elements.append(element)
        } else {
            terminal = event
        }
        lock.unlock()
        inCall.withLock { $0 = false }
    }

    private func record(_ violation: String) {
        lock.lock()
        violations.append(violation)
        lock.unlock()
    }

    var receivedElements: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return elements
    }

    var terminalEvent: Event<Element>? {
        lock.lock()
        defer { lock.unlock() }
        return terminal
    }

    var contractViolations: [String] {
        lock.lock()
        defer { lock.unlock() }
        return violations
    }
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
