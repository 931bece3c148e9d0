import Foundation
import Streams
import StreamsTest
import Testing

// Docs/FindingLeaks.md's outputs are printed by its examples (FindingLeaksExamples.swift) in this run and
// compared with the guide's `<!-- output:begin … -->` blocks; `bash Scripts/generate-guide-outputs.sh`
// rewrites them, and `.ci/steps/05-generated-code.sh` fails when they differ. The unhandled-error hook's
// block is FindingLeaksGuideHookTests' (XCTest: the hook and standard error are process-wide).

@Suite(.serialized) struct FindingLeaksGuideTests {
    private let guide = "FindingLeaks.md"

    /// Runs `example` recording into a scope of its own, as the inspector does with `isEnabled` on, so that
    /// other tests turning the inspector off meanwhile cannot leave its chains unrecorded; returns what it
    /// printed (its snapshots keep only this file's chains, see ``Transcript``).
    private func run(_ example: () -> Void) -> String {
        Inspector.withRecording(Inspector.RecordingScope()) { Transcript.collect(example) }
    }

    /// One test, so the examples run in the guide's order and never at the same time.
    @Test func theGuidesOutputsAreWhatItsExamplesPrint() {
        let wasEnabled = Inspector.isEnabled
        defer { Inspector.isEnabled = wasEnabled }

        GuideOutputs.check(run(evensTripledExample), in: guide, name: "snapshot")
        GuideOutputs.check(run(liveSearchExample), in: guide, name: "inner")
        GuideOutputs.check(run(stuckZipExample), in: guide, name: "stuck")
        GuideOutputs.check(run(observedSitesExample), in: guide, name: "observed-sites")
        GuideOutputs.check(withoutTimestamps(run(debugExample)), in: guide, name: "debug")

        // The leak check records its body's chains itself: no inspector needed.
        var failures: [ReportedFailure] = []
        let printed = Transcript.collect { failures = leakReportExample() }
        #expect(printed == "tick 0\ntick 1", "the leaked chain ran")
        #expect(failures.count == 1, "the leak is reported once")
        GuideOutputs.check(failures.map(\.message).joined(separator: "\n"), in: guide, name: "leak-report")
    }

    /// `text` with each `debug` timestamp (local time, so it depends on the time zone) as `{timestamp}`.
    private func withoutTimestamps(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}"#, with: "{timestamp}", options: .regularExpression)
    }
}
