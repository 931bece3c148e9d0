import Foundation
import Streams
import StreamsTest
import Testing

/// A marble diagram for an operator guide, drawn from a real `TestScheduler` run.
///
/// Lines are aligned on frame 0 (the subscription tick): a hot input that starts before it has
/// its `^` in that column, and a cold input starts at the frame of its first subscription.
struct GuideDiagram {
    private struct Line {
        let label: String
        let marble: String
        /// The column of frame 0 inside `marble` (negative: the marble starts after frame 0).
        let origin: Int
    }

    private var lines: [Line] = []
    private var problems: [String] = []
    private var legends: [String] = []

    /// How ticks map to frames; a finer timing (`ticksPerFrame: 1`) shows one-tick scheduler hops.
    /// Build the scenario's `TestScheduler` with the same `marbleTiming`.
    var timing = MarbleTiming.default

    /// A hot test observable's events.
    mutating func hot<E: Equatable>(_ label: String, _ xs: TestableObservable<E>, _ values: [Character: E]) {
        guard let marble = marbleDiagram(xs.recordedEvents, values: values, timing: timing) else {
            return problems.append("\(label): events cannot be drawn exactly")
        }
        lines.append(
            Line(
                label: label, marble: marble,
                origin: marble.firstIndex(of: "^").map {
                    marble.distance(from: marble.startIndex, to: $0)
                } ?? 0))
    }

    /// A cold test observable's events, drawn from the frame of its first subscription.
    mutating func cold<E: Equatable>(_ label: String, _ xs: TestableObservable<E>, _ values: [Character: E]) {
        let coldTiming = MarbleTiming(ticksPerFrame: timing.ticksPerFrame, subscribed: 0)
        guard let marble = marbleDiagram(xs.recordedEvents, values: values, timing: coldTiming)
        else { return problems.append("\(label): events cannot be drawn exactly") }
        guard let first = xs.subscriptions.first?.subscribe else { return }
        let frame = (first - timing.subscribed) / timing.ticksPerFrame
        lines.append(Line(label: label, marble: marble, origin: -frame))
    }

    /// Recorded output, frame 0 being the subscription tick.
    mutating func output<E: Equatable>(_ label: String, _ events: [Recorded<Event<E>>], _ values: [Character: E]) {
        guard let marble = marbleDiagram(events, values: values, timing: timing) else {
            return problems.append("\(label): events cannot be drawn exactly")
        }
        lines.append(Line(label: label, marble: marble, origin: 0))
    }

    /// Recorded output whose elements get names `A`, `B`, … in order of first appearance, listed
    /// under the diagram (`where A = ["a", "b"]`).
    mutating func outputNamed<E: Equatable>(_ label: String, _ events: [Recorded<Event<E>>]) {
        var values: [Character: E] = [:]
        var legend: [String] = []
        for case .next(let value) in events.map(\.value) where !values.values.contains(value) {
            let name = Character(UnicodeScalar(UInt8(65 + values.count)))
            values[name] = value
            legend.append("\(name) = \(String(describing: value))")
        }
        output(label, events, values)
        if !legend.isEmpty { legends.append("where " + legend.joined(separator: ", ")) }
    }

    /// One line per subscription of a test observable (`^` subscribed, `!` unsubscribed).
    mutating func subscriptions<E>(_ label: String, _ xs: TestableObservable<E>) {
        guard let marbles = subscriptionMarbles(xs.subscriptions, timing: timing) else {
            return problems.append("\(label): subscriptions cannot be drawn exactly")
        }
        if marbles.isEmpty { lines.append(Line(label: label, marble: "(never subscribed)", origin: 0)) }
        for (index, marble) in marbles.enumerated() {
            lines.append(Line(label: index == 0 ? label : "", marble: marble, origin: 0))
        }
    }

    /// A line of text drawn as is, frame 0 in its first column.
    mutating func note(_ label: String, _ marble: String) {
        lines.append(Line(label: label, marble: marble, origin: 0))
    }

    /// A line of text under the diagram (with the legends), as is.
    mutating func caption(_ text: String) {
        legends.append(text)
    }

    /// The diagram as the guide shows it, or the reasons it could not be drawn.
    func rendered() -> Result<String, GuideDiagramProblem> {
        guard problems.isEmpty else { return .failure(GuideDiagramProblem(text: problems.joined(separator: "\n"))) }
        let labelWidth = (lines.map(\.label.count).max() ?? 0) + 2
        let shift = lines.map(\.origin).max() ?? 0
        let body = lines.map { line in
            let label = line.label.isEmpty ? "" : line.label + ":"
            let padded = label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            let text = padded + String(repeating: " ", count: shift - line.origin) + line.marble
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        return .success((["```text"] + body + legends + ["```"]).joined(separator: "\n"))
    }
}

struct GuideDiagramProblem: Error {
    let text: String
}

/// Compares diagrams with the blocks committed in `Docs/Operators/*.md`, or rewrites those blocks
/// when the environment variable `STREAMS_UPDATE_DOCS` is `1`.
enum GuideDiagrams {
    /// `Docs/Operators`, found from this file's path (`Tests/StreamsTests/Docs/…`).
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Docs/Operators")

    static var updating: Bool { ProcessInfo.processInfo.environment["STREAMS_UPDATE_DOCS"] == "1" }

    /// Serializes rewrites: several tests may update blocks of the same guide in parallel.
    private static let fileAccess = Locked(())

    /// Checks (or rewrites) the block `<!-- diagram:begin name -->` … `<!-- diagram:end name -->`
    /// of `guide`.
    static func check(
        _ diagram: GuideDiagram, in guide: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let drawn: String
        switch diagram.rendered() {
        case .success(let text): drawn = text
        case .failure(let problem):
            Issue.record("\(guide) \(name): \(problem.text)", sourceLocation: sourceLocation)
            return
        }
        let url = folder.appendingPathComponent(guide)
        fileAccess.withLock { _ in
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("cannot read \(url.path)", sourceLocation: sourceLocation)
                return
            }
            let begin = "<!-- diagram:begin \(name) -->\n"
            let end = "<!-- diagram:end \(name) -->"
            guard let start = text.range(of: begin),
                let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
            else {
                Issue.record("\(guide) has no block \(begin)…\(end)", sourceLocation: sourceLocation)
                return
            }
            let committed = String(text[start.upperBound..<stop.lowerBound])
            guard committed != drawn + "\n" else { return }
            if updating {
                var updated = text
                updated.replaceSubrange(start.upperBound..<stop.lowerBound, with: drawn + "\n")
                do { try updated.write(to: url, atomically: true, encoding: .utf8) } catch {
                    Issue.record("cannot write \(url.path): \(error)", sourceLocation: sourceLocation)
                }
            } else {
                Issue.record(
                    """
                    \(guide) diagram '\(name)' differs from the run (STREAMS_UPDATE_DOCS=1 rewrites it).
                    committed:
                    \(committed)
                    drawn from the run:
                    \(drawn)
                    """, sourceLocation: sourceLocation)
            }
        }
    }
}

extension GuideDiagram {
    /// The drawing of a one-source scenario: the source (`source`, or `source (cold)`), the output
    /// labelled `label`, and the source's subscriptions.
    static func oneSource<E: Equatable, R: Equatable>(
        _ xs: TestableObservable<E>, _ values: [Character: E], cold: Bool = false,
        output label: String, _ events: [Recorded<Event<R>>], _ outputValues: [Character: R]
    ) -> GuideDiagram {
        var diagram = GuideDiagram()
        if cold {
            diagram.cold("source (cold)", xs, values)
        } else {
            diagram.hot("source", xs, values)
        }
        diagram.output(label, events, outputValues)
        diagram.subscriptions("subscribed", xs)
        return diagram
    }
}

extension GuideDiagrams {
    /// Runs `operation` on a hot source drawn as `source` (its elements named by `values`) and
    /// checks the guide's block `name` against the one-source drawing.
    static func checkOneSource<E: Equatable, R: Equatable>(
        _ guide: String, _ name: String, source: String, values: [Character: E], label: String,
        outputValues: [Character: R], sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<E>) -> Observable<R>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(source, values: values)
        let res = scheduler.start { operation(xs.asObservable()) }
        let diagram = GuideDiagram.oneSource(xs, values, output: label, res.events, outputValues)
        check(diagram, in: guide, name: name, sourceLocation: sourceLocation)
    }

    /// Checks the `Share.md` block `name`: the hot source `xs` (elements `a`…`d`), a `note` line when
    /// given, each subscriber's output in order, and the source's subscriptions.
    static func checkSharing(
        _ name: String, source xs: TestableObservable<String>, note: (label: String, marble: String)? = nil,
        subscribers: [(label: String, events: [Recorded<Event<String>>])],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var diagram = GuideDiagram()
        diagram.hot("source", xs, names("abcd"))
        if let note { diagram.note(note.label, note.marble) }
        for subscriber in subscribers { diagram.output(subscriber.label, subscriber.events, names("abcd")) }
        diagram.subscriptions("source subscribed", xs)
        check(diagram, in: "Share.md", name: name, sourceLocation: sourceLocation)
    }

    /// The higher-order scenario: a hot source `-a---b----|` whose `a` stands for a cold inner
    /// `-x---x|` and `b` for `--y-y|`; `operation` gets the source and that mapping.
    static func checkHigherOrder(
        _ guide: String, _ name: String, label: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ operation:
            @escaping (Observable<String>, @escaping @Sendable (String) -> Observable<String>) -> Observable<String>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("-a---b----|")
        let innerA = scheduler.createColdObservable("-x---x|")
        let innerB = scheduler.createColdObservable("--y-y|")
        let res = scheduler.start {
            operation(source.asObservable()) { $0 == "a" ? innerA.asObservable() : innerB.asObservable() }
        }
        var diagram = GuideDiagram()
        diagram.hot("source", source, names("ab"))
        diagram.cold("a's inner (cold)", innerA, names("x"))
        diagram.cold("b's inner (cold)", innerB, names("y"))
        diagram.output(label, res.events, names("xy"))
        diagram.subscriptions("source subscribed", source)
        diagram.subscriptions("a's inner subscribed", innerA)
        diagram.subscriptions("b's inner subscribed", innerB)
        check(diagram, in: guide, name: name, sourceLocation: sourceLocation)
    }
}
