import StreamsTest

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
