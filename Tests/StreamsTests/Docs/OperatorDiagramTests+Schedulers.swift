import Foundation
import Streams
import StreamsTest
import Testing

// Diagram scenarios for scheduler hops, higher-order merging, connectables, `dematerialize` and
// `debug` (see OperatorDiagramTests.swift). The scheduler scenarios draw one frame per tick
// (`MarbleTiming(ticksPerFrame: 1)`), because a `TestScheduler` hop takes one tick (its
// simulated processing delay).

@Suite struct SchedulingDiagramTests {
    let scheduler = TestScheduler(initialClock: 0)

    private static let tickTiming = MarbleTiming(ticksPerFrame: 1)

    /// A hot `source` drawn one frame per tick through `operation` on the test scheduler.
    private func perTick(
        _ guide: String, _ name: String, source: String, label: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<String>, TestScheduler) -> Observable<String>
    ) {
        let scheduler = TestScheduler(initialClock: 0, marbleTiming: Self.tickTiming)
        let xs = scheduler.createHotObservable(source)
        let res = scheduler.start { operation(xs.asObservable(), scheduler) }
        var diagram = GuideDiagram()
        diagram.timing = Self.tickTiming
        diagram.hot("source", xs, names(source))
        diagram.output(label, res.events, names(source))
        diagram.subscriptions("subscribed", xs)
        GuideDiagrams.check(diagram, in: guide, name: name, sourceLocation: sourceLocation)
    }

    @Test func observeOnAndSubscribeOn() {
        perTick("ObserveOn.md", "observeOn", source: "-a-b-|", label: "observe(on: scheduler)") {
            $0.observe(on: $1)
        }
        perTick("ObserveOn.md", "observeOn-error", source: "-a-#", label: "observe(on: scheduler)") {
            $0.observe(on: $1)
        }
        // No terminal event here: a test observable records a subscription as ended when it sends
        // its terminal event, which would hide the disposal hop.
        let scheduler = TestScheduler(initialClock: 0, marbleTiming: Self.tickTiming)
        let xs = scheduler.createHotObservable("--a-b-c-d-e")
        let res = scheduler.start(disposed: 207) { xs.subscribe(on: scheduler) }
        var diagram = GuideDiagram()
        diagram.timing = Self.tickTiming
        diagram.hot("source", xs, names("abcde"))
        diagram.note("disposed", "-------!")
        diagram.output("subscribe(on: scheduler)", res.events, names("abcde"))
        diagram.subscriptions("subscribed", xs)
        GuideDiagrams.check(diagram, in: "ObserveOn.md", name: "subscribeOn")
    }

    @Test func fromAndJustOnAScheduler() {
        let cases: [(String, String, (TestScheduler) -> Observable<String>)] = [
            (
                "from-scheduler", "from([\"a\", \"b\", \"c\"], scheduler:)",
                { Observable.from(["a", "b", "c"], scheduler: $0) }
            ),
            ("just-scheduler", "just(\"a\", scheduler:)", { Observable.just("a", scheduler: $0) }),
            (
                "repeatElement-scheduler", "repeatElement(\"a\", scheduler:).take(3)",
                { Observable.repeatElement("a", scheduler: $0).take(3) }
            ),
        ]
        for (name, label, make) in cases {
            let scheduler = TestScheduler(initialClock: 0, marbleTiming: Self.tickTiming)
            let res = scheduler.start { make(scheduler) }
            var diagram = GuideDiagram()
            diagram.timing = Self.tickTiming
            diagram.output(label, res.events, names("abc"))
            GuideDiagrams.check(diagram, in: "Creating.md", name: name)
        }
    }

    /// The higher-order scenario (`GuideDiagrams.checkHigherOrder`) through `map` and a merging
    /// operator.
    private func mergingInners(
        _ guide: String, _ name: String, label: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<Observable<String>>) -> Observable<String>
    ) {
        GuideDiagrams.checkHigherOrder(guide, name, label: label, sourceLocation: sourceLocation) { source, inner in
            operation(source.map(inner))
        }
    }

    @Test func mergeMaxConcurrentAndSwitchLatest() {
        mergingInners("Merge.md", "merge-maxConcurrent", label: "map(inner).merge(maxConcurrent: 1)") {
            $0.merge(maxConcurrent: 1)
        }
        mergingInners("FlatMap.md", "switchLatest", label: "map(inner).switchLatest()") { $0.switchLatest() }
    }

    /// A connectable connected at subscription, with a second subscriber arriving at frame 6.
    private func connectedAtOnce(
        _ name: String, label: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ makeConnectable: (Observable<String>) -> ConnectableObservable<String>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-b-c-----d-|")
        let connectable = makeConnectable(xs.asObservable())
        let late = scheduler.createObserver(String.self)
        // Connects at tick 200, just before `start` subscribes (items at one tick run in order).
        scheduler.scheduleAt(200) { _ = connectable.connect() }
        scheduler.scheduleAt(260) { _ = connectable.subscribe(late) }
        let res = scheduler.start { connectable.asObservable() }
        GuideDiagrams.checkSharing(
            name, source: xs, note: ("connect()", "^"),
            subscribers: [("subscriber 1 (at 0)", res.events), ("subscriber 2 (at 6)", late.events)],
            sourceLocation: sourceLocation)
    }

    @Test func replayFamily() {
        connectedAtOnce("replay", label: "replay(1)") { $0.replay(1) }
        connectedAtOnce("replayAll", label: "replayAll()") { $0.replayAll() }
    }

    @Test func multicastDisconnect() {
        let xs = scheduler.createHotObservable("-a-b-c-d-|")
        let connectable = xs.multicast(PublishSubject<String>())
        var connection: (any Disposable)?
        // Connects at tick 200, just before `start` subscribes (items at one tick run in order).
        scheduler.scheduleAt(200) { connection = connectable.connect() }
        scheduler.scheduleAt(260) { connection?.dispose() }
        let res = scheduler.start { connectable.asObservable() }
        GuideDiagrams.checkSharing(
            "multicast", source: xs, note: ("connection", "^-----! (disposed)"),
            subscribers: [("subscriber (at 0)", res.events)])
    }

    @Test func refCount() {
        let xs = scheduler.createHotObservable("-a-b-c-d-|")
        let shared = xs.publish().refCount()
        let second = scheduler.createObserver(String.self)
        var subscription: (any Disposable)?
        scheduler.scheduleAt(220) { subscription = shared.subscribe(second) }
        scheduler.scheduleAt(260) { subscription?.dispose() }
        let res = scheduler.start(disposed: 240) { shared }
        var diagram = GuideDiagram()
        diagram.hot("source", xs, names("abcd"))
        diagram.note("subscriber 1", "^---!")
        diagram.output("receives", res.events, names("abcd"))
        diagram.note("subscriber 2", "--^---!")
        diagram.output("receives", second.events, names("abcd"))
        diagram.subscriptions("source subscribed", xs)
        GuideDiagrams.check(diagram, in: "Share.md", name: "refCount")
    }

    @Test func dematerialize() {
        let events: [Character: Event<String>] = [
            "A": .next("a"), "B": .next("b"), "E": .error(MarbleError()), "C": .next("c"),
        ]
        let xs = scheduler.createHotObservable("-A-B-E-C-|", values: events)
        let res = scheduler.start { xs.dematerialize() }
        let diagram = GuideDiagram.oneSource(
            xs, events, output: "dematerialize()", res.events, names("abc"))
        GuideDiagrams.check(diagram, in: "Materialize.md", name: "dematerialize")
    }

    @Test func debug() {
        let xs = scheduler.createHotObservable("-a-b-|")
        let printed = Locked<[String]>([])
        let res = scheduler.start {
            xs.debug("source", scheduler: scheduler) { line in
                // `{timestamp}: ` is `scheduler.now` formatted in the local time zone: left out.
                let frame = (scheduler.clock - TestScheduler.Defaults.subscribed) / 10
                let message = line.range(of: " -> ").map { String(line[$0.upperBound...]) } ?? line
                printed.withLock { $0.append("frame \(frame): {timestamp}: source -> \(message)") }
            }
        }
        var diagram = GuideDiagram()
        diagram.hot("source", xs, names("ab"))
        diagram.output("debug(\"source\", scheduler:)", res.events, names("ab"))
        diagram.subscriptions("subscribed", xs)
        diagram.caption("printed:")
        for line in printed.withLock({ $0 }) { diagram.caption(line) }
        GuideDiagrams.check(diagram, in: "Debug.md", name: "debug")
    }
}
