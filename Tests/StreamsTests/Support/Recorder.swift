import Foundation
import Streams

/// A thread-safe list for recording what closures saw in tests.
final class Recorder<Value>: @unchecked Sendable {  // `storage` guarded by `lock`
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// An error for tests.
struct TestError: Error, Equatable {
    var code = 0
}

/// A thread-safe list of strings for tests that log what happened, in order.
final class Log: @unchecked Sendable {
    // Unchecked Sendable: `storage` guarded by `lock`.
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ item: String) {
        lock.lock()
        storage.append(item)
        lock.unlock()
    }

    var items: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
