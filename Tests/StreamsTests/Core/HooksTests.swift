import Foundation
import Streams
import Testing
import XCTest

/// The default unhandled-error hook writes to standard error: standard output belongs to the program (a
/// `--json` document, a pipe to another tool), so a library diagnostic must never land there.
///
/// The default hook is process-wide and other tests replace it, so the check runs in a child: this test
/// binary again, filtered to this one test, which then only reports an error to the untouched hook.
@Suite struct HooksTests {
    private static let childVariable = "STREAMS_HOOKS_TEST_CHILD"

    private struct MarkerError: Error, CustomStringConvertible {
        var description: String { "hook-marker-4711" }
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)  // `.timeLimit` needs macOS 13 / iOS 16
    @Test(.timeLimit(.minutes(1)))
    func theDefaultUnhandledErrorHookWritesToStandardError() throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] != nil {
            Hooks.unhandledError(MarkerError())
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("stdout")
        let err = directory.appendingPathComponent("stderr")
        try Data().write(to: out)
        try Data().write(to: err)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = [
            "--testing-library", "swift-testing", "--filter", "theDefaultUnhandledErrorHookWritesToStandardError",
        ]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: "1"]) { $1 }
        child.standardInput = FileHandle.nullDevice
        child.standardOutput = try FileHandle(forWritingTo: out)
        child.standardError = try FileHandle(forWritingTo: err)
        try child.run()
        child.waitUntilExit()

        let standardOutput = try String(contentsOf: out, encoding: .utf8)
        let standardError = try String(contentsOf: err, encoding: .utf8)
        #expect(child.terminationStatus == 0, "\(standardOutput)\(standardError)")
        #expect(standardError.contains("Streams: unhandled error: hook-marker-4711\n"), "\(standardError)")
        #expect(!standardOutput.contains("hook-marker-4711"), "\(standardOutput)")
    }
}

/// The hooks are process-wide, so these tests replace them in XCTest, which runs its tests one
/// at a time and before any Swift Testing test.
final class HookReplacementTests: XCTestCase {
    private struct Failure: Error, Equatable {}

    private final class Reports: @unchecked Sendable {  // `items` guarded by `lock`
        private let lock = NSLock()
        private var items: [(stack: [String], error: String)] = []

        func append(_ stack: [String], _ error: any Error) {
            lock.lock()
            items.append((stack, "\(error)"))
            lock.unlock()
        }

        var all: [(stack: [String], error: String)] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    private func withHooks(_ body: (Reports) throws -> Void) rethrows {
        let savedHandler = Hooks.defaultErrorHandler
        let savedCapture = Hooks.customCaptureSubscriptionCallstack
        let savedRecord = Hooks.recordCallStackOnError
        defer {
            Hooks.defaultErrorHandler = savedHandler
            Hooks.customCaptureSubscriptionCallstack = savedCapture
            Hooks.recordCallStackOnError = savedRecord
        }
        let reports = Reports()
        Hooks.defaultErrorHandler = { stack, error in reports.append(stack, error) }
        try body(reports)
    }

    func testAnUnhandledErrorReachesTheDefaultErrorHandlerWithoutAStackByDefault() {
        withHooks { reports in
            XCTAssertFalse(Hooks.recordCallStackOnError)
            _ = Observable<Int>.error(Failure()).subscribe(onNext: { _ in })
            XCTAssertEqual(reports.all.map(\.stack), [[]])
            XCTAssertEqual(reports.all.map(\.error), ["Failure()"])
        }
    }

    func testRecordingCapturesTheStackWhenSubscribingNotWhenFailing() {
        withHooks { reports in
            Hooks.recordCallStackOnError = true
            Hooks.customCaptureSubscriptionCallstack = { ["subscribed here"] }
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { _ in })
            Hooks.customCaptureSubscriptionCallstack = { ["failed here"] }
            subject.onError(Failure())
            subscription.dispose()
            _ = subject.subscribe(onNext: { _ in }, onError: { _ in })  // a handled error is not reported
            XCTAssertEqual(reports.all.map(\.stack), [["subscribed here"]])
        }
    }

    func testUnhandledErrorIsTheSameHookWithoutTheStack() {
        withHooks { reports in
            Hooks.unhandledError(Failure())
            XCTAssertEqual(reports.all.map(\.error), ["Failure()"])
            let seen = Reports()
            Hooks.unhandledError = { error in seen.append(["ignored"], error) }
            Hooks.recordCallStackOnError = true
            Hooks.customCaptureSubscriptionCallstack = { ["dropped"] }
            _ = Observable<Int>.error(Failure()).subscribe()
            XCTAssertEqual(seen.all.map(\.stack), [["ignored"]])
            XCTAssertEqual(reports.all.count, 1)
        }
    }
}
