import Foundation
import Streams
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Docs/FindingLeaks.md's unhandled-error output: what the default `Hooks.defaultErrorHandler` writes to
/// standard error for the guide's chain without `onError`. The hook and standard error are process-wide, so
/// this runs in XCTest, which runs its tests one at a time and before any Swift Testing test.
final class FindingLeaksGuideHookTests: XCTestCase {
    func testTheDefaultHooksOutputIsTheGuides() throws {
        let wasEnabled = Inspector.isEnabled
        defer { Inspector.isEnabled = wasEnabled }
        Inspector.isEnabled = true
        let written = try Self.standardError { unhandledErrorExample() }
        if let problem = GuideOutputs.compare(
            written.trimmingCharacters(in: .newlines), in: "FindingLeaks.md", name: "unhandled-error")
        {
            XCTFail(problem)
        }
    }

    /// What `body` wrote to standard error (file descriptor 2), captured through a temporary file.
    private static func standardError(_ body: () -> Void) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("guide-stderr-\(getpid()).txt")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let capture = open(file.path, O_WRONLY | O_TRUNC)
        guard capture >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let saved = dup(2)
        dup2(capture, 2)
        close(capture)
        body()
        dup2(saved, 2)
        close(saved)
        return try String(contentsOf: file, encoding: .utf8)
    }
}
