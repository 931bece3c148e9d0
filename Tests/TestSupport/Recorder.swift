import Streams

/// A thread-safe list for recording, in order, what closures, observers and side effects saw in a
/// test (elements, events, log lines).
package final class Recorder<Value>: Sendable {
    private let storage = Locked<[Value]>([])

    /// An empty list.
    package init() {}

    /// Appends `value`.
    package func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    /// What was appended so far, in order.
    package var values: [Value] { storage.withLock { $0 } }

    /// The same as ``values``: the name the logs of strings and trait events read with.
    package var items: [Value] { values }
}

/// A thread-safe list of strings for tests that log what happened, in order.
package typealias Log = Recorder<String>

/// An error for tests; `code` tells apart several errors in one test.
package struct TestError: Error, Equatable {
    /// Which error this is.
    package var code: Int

    /// The error numbered `code`.
    package init(code: Int = 0) {
        self.code = code
    }
}
