import Foundation
import Streams
import StreamsTest
import Testing

// Diagram scenarios for multi-source and higher-order operators (see OperatorDiagramTests.swift).

@Suite struct CombiningDiagramTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Two hot sources `xs` and `ys` combined by `operation`; the output elements are named
    /// automatically.
    private func twoSources<R: Equatable>(
        _ guide: String, _ name: String, _ first: String, _ second: String, label: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<String>, Observable<String>) -> Observable<R>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(first)
        let ys = scheduler.createHotObservable(second)
        let res = scheduler.start { operation(xs.asObservable(), ys.asObservable()) }
        var diagram = GuideDiagram()
        diagram.hot("xs", xs, names(first))
        diagram.hot("ys", ys, names(second))
        if let strings = res.events as? [Recorded<Event<String>>], strings.allSatisfy(\.isSingleCharacter) {
            diagram.output(label, strings, names(first + second))
        } else {
            diagram.outputNamed(label, res.events)
        }
        diagram.subscriptions("xs subscribed", xs)
        diagram.subscriptions("ys subscribed", ys)
        GuideDiagrams.check(diagram, in: guide, name: name, sourceLocation: sourceLocation)
    }

    @Test func merge() {
        twoSources("Merge.md", "merge", "-a---c-|", "--b---d-|", label: "merge(xs, ys)") {
            Observable.merge($0, $1)
        }
    }

    @Test func concat() {
        let xs = scheduler.createColdObservable("-a-b-|")
        let ys = scheduler.createColdObservable("-c-|")
        let res = scheduler.start { xs.concat(ys) }
        var diagram = GuideDiagram()
        diagram.cold("xs (cold)", xs, names("ab"))
        diagram.cold("ys (cold)", ys, names("c"))
        diagram.output("xs.concat(ys)", res.events, names("abc"))
        diagram.subscriptions("xs subscribed", xs)
        diagram.subscriptions("ys subscribed", ys)
        GuideDiagrams.check(diagram, in: "Concat.md", name: "concat")
    }

    @Test func flatMapFamily() {
        GuideDiagrams.checkHigherOrder("FlatMap.md", "flatMap", label: "flatMap") { $0.flatMap($1) }
        GuideDiagrams.checkHigherOrder("FlatMap.md", "flatMapLatest", label: "flatMapLatest") { $0.flatMapLatest($1) }
        GuideDiagrams.checkHigherOrder("FlatMap.md", "flatMapFirst", label: "flatMapFirst") { $0.flatMapFirst($1) }
        GuideDiagrams.checkHigherOrder("FlatMap.md", "concatMap", label: "concatMap") { $0.concatMap($1) }
    }

    @Test func combineLatest() {
        twoSources("CombineLatest.md", "combineLatest", "-a---b---|", "---1---2-|", label: "combineLatest(xs, ys, +)") {
            Observable.combineLatest($0, $1) { $0 + $1 }
        }
    }

    @Test func zip() {
        twoSources("Zip.md", "zip", "-a-b-c---|", "---1---2---|", label: "zip(xs, ys, +)") {
            Observable.zip($0, $1) { $0 + $1 }
        }
    }

    @Test func withLatestFrom() {
        twoSources(
            "WithLatestFrom.md", "withLatestFrom", "-a---b---c-|", "--1---2---|", label: "xs.withLatestFrom(ys, +)"
        ) { $0.withLatestFrom($1) { $0 + $1 } }
    }

    @Test func amb() {
        twoSources("Amb.md", "amb", "---a-b-|", "-1-2-|", label: "xs.amb(ys)") { $0.amb($1) }
    }

    @Test func sample() {
        twoSources("Sample.md", "sample", "-a-b-----c-|", "--x---x---x-|", label: "xs.sample(ys)") { $0.sample($1) }
    }

    @Test func takeAndSkipUntil() {
        twoSources("Take.md", "take-until", "-a-b-c-d-|", "----x---|", label: "xs.take(until: ys)") {
            $0.take(until: $1)
        }
        twoSources("Skip.md", "skip-until", "-a-b-c-d-|", "----x---|", label: "xs.skip(until: ys)") {
            $0.skip(until: $1)
        }
    }

    @Test func groupBy() {
        let xs = scheduler.createHotObservable("-a-1-b-2-|")
        let res = scheduler.start {
            xs.groupBy { $0.first!.isLetter ? "L" : "D" }.map { $0.key }
        }
        let diagram = GuideDiagram.oneSource(
            xs, names("ab12"), output: "groupBy(letter or digit) keys", res.events, names("LD"))
        GuideDiagrams.check(diagram, in: "GroupBy.md", name: "groupBy")
    }
}

extension Recorded where Value == Event<String> {
    /// Whether this is a terminal event or an element of one character (drawable as itself).
    var isSingleCharacter: Bool {
        if case .next(let value) = value { return value.count == 1 }
        return true
    }
}
