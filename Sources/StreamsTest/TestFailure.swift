import Streams

import Testing

#if canImport(XCTest)
    import XCTest
#endif

// A StreamsTest assertion's site is Streams' `CallSite`, which carries both spellings a failure
// needs: Swift Testing's `SourceLocation` (file ID, path, line, column) and XCTest's `file:line:`.

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
