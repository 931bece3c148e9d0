import Foundation
import Streams
import Testing

/// The error the trait and concurrency tests fail with.
struct TraitTestError: Error, Equatable {
    var code = 0
}

/// A thread-safe list of strings for recording the order of side effects.
final class TraitLog: @unchecked Sendable {  // `storage` guarded by `lock`
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

/// Runs `body` in a fresh live-resource scope and expects every resource it created to be gone
/// afterwards.
func expectNoLeaks<T>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) rethrows -> T {
    let (scope, value) = try LiveResources.withScope(body)
    #expect(scope.total == 0, "live resources left", sourceLocation: sourceLocation)
    return value
}
