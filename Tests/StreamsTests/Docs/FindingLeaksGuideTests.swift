import Foundation
import Streams
import StreamsTest
import Testing

// Docs/FindingLeaks.md's outputs are printed by its examples (FindingLeaksExamples.swift) in this run and
// compared with the guide's `<!-- output:begin … -->` blocks; `bash Scripts/generate-guide-outputs.sh`
// rewrites them, and `.ci/steps/05-generated-code.sh` fails when they differ.

@Suite(.serialized) struct FindingLeaksGuideTests {
    private let guide = "FindingLeaks.md"

    /// One test, so the examples run in the guide's order and never at the same time (each snapshot shows
    /// only the chains of the example that prints it).
    @Test func theGuidesOutputsAreWhatItsExamplesPrint() {
        let wasEnabled = Inspector.isEnabled
        defer { Inspector.isEnabled = wasEnabled }

        let snapshots = Transcript.collect(evensTripledExample)
        GuideOutputs.check(snapshots, in: guide, name: "snapshot")

        Inspector.isEnabled = true
        GuideOutputs.check(Transcript.collect(liveSearchExample), in: guide, name: "inner")
        GuideOutputs.check(Transcript.collect(stuckZipExample), in: guide, name: "stuck")
        GuideOutputs.check(Transcript.collect(observedSitesExample), in: guide, name: "observed-sites")

        var failures: [ReportedFailure] = []
        let printed = Transcript.collect { failures = leakReportExample() }
        #expect(printed == "tick 0\ntick 1", "the leaked chain ran")
        #expect(failures.count == 1, "the leak is reported once")
        GuideOutputs.check(failures.map(\.message).joined(separator: "\n"), in: guide, name: "leak-report")
    }
}
