import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Where a StreamsTest assertion was written, captured with default arguments at the caller.
///
/// It carries both spellings a failure needs: Swift Testing's `SourceLocation` (file ID, path,
/// line, column) and XCTest's `file:line:`.
public struct CallSite: Sendable {
    /// The `#fileID` of the call.
    public let fileID: String
    /// The `#filePath` of the call.
    public let filePath: StaticString
    /// The `#line` of the call.
    public let line: Int
    /// The `#column` of the call.
    public let column: Int

    /// Captures a call site; pass your own caller's values to forward it.
    public init(fileID: String, filePath: StaticString, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}

/// Records a test failure with `message` at `site`: through Swift Testing (`Issue.record`) when
/// a Swift Testing test is running on this task, otherwise through XCTest (`XCTFail`). Inside
/// ``TestFailureCapture/collect(_:)`` the failure is collected instead of recorded.
///
/// Every StreamsTest assertion reports through this; use it in your own helpers too.
public func reportTestFailure(_ message: String, at site: CallSite) {
    if let collector = FailureCollector.current {
        return collector.add(ReportedFailure(message: message, site: site))
    }
    switch FailureDestination.current {
    case .swiftTesting:
        let location = SourceLocation(
            fileID: site.fileID, filePath: "\(site.filePath)", line: site.line, column: site.column)
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    case .xctest:
        #if canImport(XCTest)
            XCTFail(message, file: site.filePath, line: UInt(site.line))
        #else
            print("\(site.fileID):\(site.line): error: \(message)")
        #endif
    }
}

/// Records `message` as a warning, which does not fail the test: a Swift Testing issue of
/// warning severity attributed to the running test (at its declaration), or, under XCTest
/// (which has no warnings), a line on standard output. Not collected by ``TestFailureCapture/collect(_:)``: it is no failure.
func reportTestWarning(_ message: String) {
    guard let test = Test.current else { return print("warning: \(message)") }
    Issue.record(Comment(rawValue: message), severity: .warning, sourceLocation: test.sourceLocation)
}

/// Which test framework a failure goes to.
enum FailureDestination: Equatable {
    case swiftTesting
    case xctest

    /// Swift Testing when a Swift Testing test is running on this task, otherwise XCTest.
    static var current: FailureDestination { Test.current != nil ? .swiftTesting : .xctest }
}
