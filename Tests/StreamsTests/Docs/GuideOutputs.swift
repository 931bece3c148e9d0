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

    /// Checks (or rewrites) the block `name` of `guide` (a path under `Docs/`) against `output`.
    static func check(
        _ output: String, in guide: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let drawn = "```text\n" + output + "\n```"
        let url = folder.appendingPathComponent(guide)
        fileAccess.withLock { _ in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("cannot read \(url.path)", sourceLocation: sourceLocation)
                return
            }
            let begin = "<!-- output:begin \(name) -->\n"
            let end = "<!-- output:end \(name) -->"
            guard let start = text.range(of: begin),
                let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
            else {
                Issue.record("\(guide) has no block \(begin)…\(end)", sourceLocation: sourceLocation)
                return
            }
            let committed = String(text[start.upperBound..<stop.lowerBound])
            guard committed != drawn + "\n" else { return }
            if GuideDiagrams.updating {
                var updated = text
                updated.replaceSubrange(start.upperBound..<stop.lowerBound, with: drawn + "\n")
                do { try updated.write(to: url, atomically: true, encoding: .utf8) } catch {
                    Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
                }
            } else {
                Issue.record(
                    """
                    \(guide) output '\(name)' differs from the run (STREAMS_UPDATE_DOCS=1 rewrites it; \
                    bash Scripts/generate-guide-outputs.sh runs that).
                    committed:
                    \(committed)
                    printed by the run:
                    \(drawn)
                    """, sourceLocation: sourceLocation)
            }
        }
    }
}
