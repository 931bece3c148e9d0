import Foundation
import Streams
import Testing

/// Compares what a real run printed with the output blocks committed in a guide of `Docs/`, or rewrites
/// those blocks when the environment variable `STREAMS_UPDATE_DOCS` is `1` — the marble diagrams' mechanism
/// (``GuideDiagrams``) for text output, such as `Docs/FindingLeaks.md`'s snapshots and reports.
///
/// A block is `<!-- output:begin name -->`, a ```` ```text ```` block, `<!-- output:end name -->`.
enum GuideOutputs {
    /// `Docs`, found from this file's path (`Tests/StreamsTests/Docs/…`).
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs")

    /// Serializes rewrites: several tests may update blocks of the same guide in parallel.
    private static let fileAccess = Locked(())

    /// Checks (or rewrites) the block `name` of `guide` (a path under `Docs/`) against `output`, recording a
    /// Swift Testing issue when they differ.
    static func check(
        _ output: String, in guide: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let problem = compare(output, in: guide, name: name) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// Compares (or rewrites) the block `name` of `guide` with `output`: `nil` when they agree (or the block
    /// was rewritten), else what is wrong (for an XCTest to report).
    static func compare(_ output: String, in guide: String, name: String) -> String? {
        let drawn = "```text\n" + output + "\n```"
        let url = folder.appendingPathComponent(guide)
        return fileAccess.withLock { _ -> String? in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return "cannot read \(url.path)" }
            let begin = "<!-- output:begin \(name) -->\n"
            let end = "<!-- output:end \(name) -->"
            guard let start = text.range(of: begin),
                let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
            else { return "\(guide) has no block \(begin)…\(end)" }
            let committed = String(text[start.upperBound..<stop.lowerBound])
            guard committed != drawn + "\n" else { return nil }
            guard GuideDiagrams.updating else {
                return """
                    \(guide) output '\(name)' differs from the run (STREAMS_UPDATE_DOCS=1 rewrites it; \
                    bash Scripts/generate-guide-outputs.sh runs that).
                    committed:
                    \(committed)
                    printed by the run:
                    \(drawn)
                    """
            }
            var updated = text
            updated.replaceSubrange(start.upperBound..<stop.lowerBound, with: drawn + "\n")
            do { try updated.write(to: url, atomically: true, encoding: .utf8) } catch {
                return "cannot write \(url.path): \(error)"
            }
            return nil
        }
    }
}
