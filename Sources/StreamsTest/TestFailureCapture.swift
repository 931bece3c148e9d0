import Streams

/// A failure reported through ``reportTestFailure(_:at:)``: its message and where the assertion
/// was written.
public struct ReportedFailure: Sendable, CustomStringConvertible {
    /// The failure's text, exactly as the test would have shown it.
    public let message: String
    /// The call site the failure is attributed to.
    public let site: CallSite

    /// The message.
    public var description: String { message }
}

/// Collects the failures that StreamsTest assertions (and your own helpers built on
/// ``reportTestFailure(_:at:)``) report while a body runs, instead of failing the test.
///
/// Use it to test an assertion helper itself: run the helper on input that must fail, and check
/// the exact messages it reported.
///
/// ```swift
/// let failures = TestFailureCapture.collect { assertPositive(-1) }
/// #expect(failures.map(\.message) == ["-1 is not positive"])
/// ```
///
/// Collection is scoped to the body's task and the tasks it starts (a task-local value); a
/// failure reported from another thread, such as a dispatch queue, is reported as usual. When
/// collections are nested, the innermost one receives the failures.
public enum TestFailureCapture {
    /// Runs `body` and returns, in order, the failures reported while it ran; none of them is
    /// recorded as a test failure. An empty result means the body reported nothing.
    public static func collect(_ body: () throws -> Void) rethrows -> [ReportedFailure] {
        let collector = FailureCollector()
        try FailureCollector.$current.withValue(collector) { try body() }
        return collector.failures
    }

    /// The `async` form of ``collect(_:)``.
    public static func collect(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void
    ) async rethrows -> [ReportedFailure] {
        let collector = FailureCollector()
        try await FailureCollector.$current.withValue(collector) { try await body() }
        return collector.failures
    }
}

/// Where ``reportTestFailure(_:at:)`` puts failures while a ``TestFailureCapture`` body runs.
final class FailureCollector: Sendable {
    /// The collector of the innermost running ``TestFailureCapture/collect(_:)``, if any.
    @TaskLocal static var current: FailureCollector?

    private let collected = Locked<[ReportedFailure]>([])

    /// Keeps `failure`.
    func add(_ failure: ReportedFailure) {
        collected.withLock { $0.append(failure) }
    }

    /// What was kept, in order.
    var failures: [ReportedFailure] { collected.withLock { $0 } }
}
