import StreamsTest
import Testing

/// Runs `body` with StreamsTest's `withLeakCheck` (its own live-resource scope) and returns what
/// `body` returned; a resource `body` created and did not release fails the test at the caller's
/// line, naming the test schedulers and observables still alive.
package func expectNoLeaks<T>(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    _ body: () throws -> T
) rethrows -> T {
    var result: T?
    try withLeakCheck(fileID: fileID, filePath: filePath, line: line, column: column) { result = try body() }
    return result!
}

/// Runs every test of the suite it marks (and of the suites nested in it), or the one test it
/// marks, under StreamsTest's `withLeakCheck`: what a test created — its suite's stored properties
/// too, such as a `TestScheduler` — must be released when it ends, or the test records an issue
/// (at this file's line, under the test's name) naming what is still alive. Write
/// `@Suite(.leakChecked)`.
package struct LeakCheckedTrait: SuiteTrait, TestTrait, TestScoping {
    /// Nested suites are checked too.
    package var isRecursive: Bool { true }

    /// A scope for each test case; none around the suite as a whole.
    package func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs the test case inside a leak check.
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withLeakCheck { try await function() }
    }
}

extension Trait where Self == LeakCheckedTrait {
    /// Each test must release everything it created (see ``LeakCheckedTrait``).
    package static var leakChecked: Self { Self() }
}
