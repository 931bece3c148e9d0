import Foundation
import Streams
import StreamsTest
import Testing

// Diagram scenarios for time-based and sharing operators (see OperatorDiagramTests.swift). On a
// `TestScheduler` with the default resolution, `.seconds(n)` is n ticks, so `.seconds(20)` is two
// frames.

@Suite struct TimeDiagramTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A hot source through a time-based `operation` on the test scheduler.
    private func timed<R: Equatable>(
        _ guide: String, _ name: String, source: String, label: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<String>, TestScheduler) -> Observable<R>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(source)
        let res = scheduler.start { operation(xs.asObservable(), scheduler) }
        var diagram = GuideDiagram()
        diagram.hot("source", xs, names(source))
        if let strings = res.events as? [Recorded<Event<String>>], strings.allSatisfy(\.isSingleCharacter) {
            diagram.output(label, strings, names(source + "xyz"))
        } else {
            diagram.outputNamed(label, res.events)
        }
        diagram.subscriptions("subscribed", xs)
        GuideDiagrams.check(diagram, in: guide, name: name, sourceLocation: sourceLocation)
    }

    @Test func debounce() {
        timed("Debounce.md", "debounce", source: "-a-b-----c---|", label: "debounce(.seconds(20))") {
            $0.debounce(.seconds(20), scheduler: $1)
        }
    }

    @Test func throttle() {
        timed("Throttle.md", "throttle", source: "-a-b-c-----d-|", label: "throttle(.seconds(30))") {
            $0.throttle(.seconds(30), scheduler: $1)
        }
        timed(
            "Throttle.md", "throttle-first", source: "-a-b-c-----d-|", label: "throttle(.seconds(30), latest: false)"
        ) { $0.throttle(.seconds(30), latest: false, scheduler: $1) }
    }

    @Test func audit() {
        timed("Audit.md", "audit", source: "-a-b-----c-d-e---f-|", label: "audit(.seconds(30))") {
            $0.audit(.seconds(30), scheduler: $1)
        }
    }

    /// `audit`'s doc comment draws the guide's diagram (which `audit()` checks against the run).
    @Test func auditsDocCommentDrawsTheGuidesDiagram() throws {
        let guide = try String(contentsOf: GuideDiagrams.folder.appendingPathComponent("Audit.md"), encoding: .utf8)
        let sourceURL = GuideDiagrams.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Streams/Operators/Audit.swift")
        let source = try String(contentsOf: sourceURL, encoding: .utf8)
        let block = try #require(
            guide.components(separatedBy: "<!-- diagram:begin audit -->\n").last?
                .components(separatedBy: "<!-- diagram:end audit -->").first)
        let commented = block.split(separator: "\n").map { "    /// " + $0 }.joined(separator: "\n")
        let drawsIt = source.contains(commented)
        #expect(drawsIt, "Audit.swift's doc comment should show:\n\(commented)")
    }

    @Test func delay() {
        timed("Delay.md", "delay", source: "-a-b-|", label: "delay(.seconds(20))") {
            $0.delay(.seconds(20), scheduler: $1)
        }
    }

    @Test func delaySubscription() {
        let xs = scheduler.createColdObservable("-a-b-|")
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        let diagram = GuideDiagram.oneSource(
            xs, names("ab"), cold: true, output: "delaySubscription(.seconds(30))", res.events, names("ab"))
        GuideDiagrams.check(diagram, in: "Delay.md", name: "delaySubscription")
    }

    @Test func timeout() {
        timed("Timeout.md", "timeout", source: "-a-b-----c-|", label: "timeout(.seconds(30))") {
            $0.timeout(.seconds(30), scheduler: $1)
        }
        let xs = scheduler.createHotObservable("-a-b-----c-|")
        let ys = scheduler.createColdObservable("-x-|")
        let res = scheduler.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
        var diagram = GuideDiagram()
        diagram.hot("source", xs, names("abc"))
        diagram.cold("other (cold)", ys, names("x"))
        diagram.output("timeout(.seconds(30), other:)", res.events, names("abx"))
        diagram.subscriptions("source subscribed", xs)
        diagram.subscriptions("other subscribed", ys)
        GuideDiagrams.check(diagram, in: "Timeout.md", name: "timeout-other")
    }

    @Test func buffer() {
        timed("Buffer.md", "buffer", source: "-a-b-c-------d-|", label: "buffer(timeSpan: .seconds(50), count: 2)") {
            $0.buffer(timeSpan: .seconds(50), count: 2, scheduler: $1)
        }
        timed(
            "Buffer.md", "window", source: "-a-b-c-------d-|",
            label: "window(timeSpan: .seconds(50), count: 2).flatMap { $0.toArray() }"
        ) {
            $0.window(timeSpan: .seconds(50), count: 2, scheduler: $1).flatMap { $0.toArray() }
        }
    }

    @Test func timerAndInterval() {
        let cases: [(String, String, (TestScheduler) -> Observable<Int>)] = [
            ("timer", "timer(.seconds(30))", { Observable<Int>.timer(.seconds(30), scheduler: $0) }),
            (
                "timer-periodic", "timer(.seconds(30), period: .seconds(20)).take(3)",
                { Observable<Int>.timer(.seconds(30), period: .seconds(20), scheduler: $0).take(3) }
            ),
            (
                "interval", "interval(.seconds(20)).take(3)",
                { Observable<Int>.interval(.seconds(20), scheduler: $0).take(3) }
            ),
        ]
        for (name, label, make) in cases {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { make(scheduler) }
            var diagram = GuideDiagram()
            diagram.output(label, res.events, digits)
            GuideDiagrams.check(diagram, in: "Timer.md", name: name)
        }
    }

    @Test func share() {
        let xs = scheduler.createHotObservable("-a-b-c-d-|")
        let shared = xs.share(replay: 1)
        let late = scheduler.createObserver(String.self)
        scheduler.scheduleAt(240) { _ = shared.subscribe(late) }
        let res = scheduler.start { shared }
        GuideDiagrams.checkSharing(
            "share", source: xs,
            subscribers: [("subscriber 1 (at 0)", res.events), ("subscriber 2 (at 4)", late.events)])
    }

    @Test func publish() {
        let xs = scheduler.createHotObservable("-a-b-c-d-|")
        let published = xs.publish()
        scheduler.scheduleAt(220) { _ = published.connect() }
        let res = scheduler.start { published.asObservable() }
        GuideDiagrams.checkSharing(
            "publish", source: xs, note: ("connect()", "--^"), subscribers: [("subscriber (at 0)", res.events)])
    }
}
