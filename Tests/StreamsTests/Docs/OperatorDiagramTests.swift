import Foundation
import Streams
import StreamsTest
import Testing

// One small virtual-time scenario per operator. Each draws its run as marbles and compares the
// drawing with the diagram block in `Docs/Operators/<Guide>.md` (see Docs/Operators/README.md;
// `STREAMS_UPDATE_DOCS=1 swift test --filter DiagramTests` rewrites the blocks).

/// Each letter or digit of `characters` names itself, for `String` test observables.
func names(_ characters: String) -> [Character: String] {
    Dictionary(
        characters.filter { $0.isLetter || $0.isNumber }.map { ($0, String($0)) },
        uniquingKeysWith: { first, _ in first })
}

/// `0`…`9` name the integers 0…9.
let digits: [Character: Int] = Dictionary(uniqueKeysWithValues: (0...9).map { (Character(String($0)), $0) })

private struct Boom: Error, Equatable {}

private final class Owner: Sendable {}

@Suite struct OperatorDiagramTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Runs `operation` on a hot source drawn as `source` and checks the guide's block `name`.
    private func singleSource<R: Equatable>(
        _ guide: String, _ name: String, source: String, label: String,
        outputValues: [Character: R], sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<String>) -> Observable<R>
    ) {
        GuideDiagrams.checkOneSource(
            guide, name, source: source, values: names(source), label: label, outputValues: outputValues,
            sourceLocation: sourceLocation, operation)
    }

    /// As `singleSource`, with integer elements named by digits.
    private func integerSource<R: Equatable>(
        _ guide: String, _ name: String, source: String, label: String,
        outputValues: [Character: R], sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping (Observable<Int>) -> Observable<R>
    ) {
        GuideDiagrams.checkOneSource(
            guide, name, source: source, values: digits, label: label, outputValues: outputValues,
            sourceLocation: sourceLocation, operation)
    }

    // MARK: Creating

    @Test func creating() {
        let cases: [(String, String, () -> Observable<String>)] = [
            ("just", "just(\"a\")", { Observable.just("a") }),
            ("of", "of(\"a\", \"b\", \"c\")", { Observable.of("a", "b", "c") }),
            ("empty", "empty()", { Observable.empty() }),
            ("error", "error(e)", { Observable.error(MarbleError()) }),
        ]
        for (name, label, make) in cases {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(make)
            var diagram = GuideDiagram()
            diagram.output(label, res.events, names("abc"))
            GuideDiagrams.check(diagram, in: "Creating.md", name: name)
        }
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 1, count: 3) }
        var diagram = GuideDiagram()
        diagram.output("range(start: 1, count: 3)", res.events, digits)
        GuideDiagrams.check(diagram, in: "Creating.md", name: "range")
    }

    // MARK: Transforming

    @Test func map() {
        integerSource("Map.md", "map", source: "-1^-1-2-3-|", label: "map { $0 * 2 }", outputValues: digits) {
            $0.map { $0 * 2 }
        }
        integerSource("Map.md", "map-throws", source: "-1-2-3-|", label: "map (throws on 2)", outputValues: digits) {
            $0.map { value in
                if value == 2 { throw MarbleError() }
                return value * 2
            }
        }
    }

    @Test func compactMap() {
        integerSource(
            "CompactMap.md", "compactMap", source: "-1-2-3-4-|", label: "compactMap", outputValues: digits
        ) { $0.compactMap { $0.isMultiple(of: 2) ? $0 / 2 : nil } }
    }

    @Test func scan() {
        integerSource("Scan.md", "scan", source: "-1-2-3-|", label: "scan(0, +)", outputValues: digits) {
            $0.scan(0) { $0 + $1 }
        }
    }

    @Test func reduce() {
        integerSource("Reduce.md", "reduce", source: "-1-2-3-|", label: "reduce(0, +)", outputValues: digits) {
            $0.reduce(0) { $0 + $1 }
        }
        integerSource("Reduce.md", "reduce-error", source: "-1-2-#", label: "reduce(0, +)", outputValues: digits) {
            $0.reduce(0) { $0 + $1 }
        }
    }

    @Test func toArray() {
        singleSource(
            "ToArray.md", "toArray", source: "-a-b-c-|", label: "toArray()", outputValues: ["A": ["a", "b", "c"]]
        ) { $0.toArray() }
    }

    @Test func materialize() {
        let events: [Character: Event<String>] = ["A": .next("a"), "B": .next("b"), "E": .error(MarbleError())]
        singleSource("Materialize.md", "materialize", source: "-a-b-#", label: "materialize()", outputValues: events) {
            $0.materialize()
        }
    }

    // MARK: Filtering

    @Test func filter() {
        integerSource("Filter.md", "filter", source: "-1-2-3-4-|", label: "filter(even)", outputValues: digits) {
            $0.filter { $0.isMultiple(of: 2) }
        }
    }

    @Test func distinctUntilChanged() {
        singleSource(
            "DistinctUntilChanged.md", "distinctUntilChanged", source: "-a-a-b-b-a-|", label: "distinctUntilChanged()",
            outputValues: names("ab")
        ) { $0.distinctUntilChanged() }
    }

    @Test func take() {
        singleSource("Take.md", "take", source: "-a-b-c-d-|", label: "take(2)", outputValues: names("ab")) {
            $0.take(2)
        }
        integerSource("Take.md", "take-while", source: "-1-2-3-1-|", label: "take(while: < 3)", outputValues: digits) {
            $0.take(while: { $0 < 3 })
        }
        integerSource(
            "Take.md", "take-until-predicate", source: "-1-2-3-1-|", label: "take(until: == 2, .inclusive)",
            outputValues: digits
        ) { $0.take(until: { $0 == 2 }, behavior: .inclusive) }
    }

    @Test func takeLast() {
        singleSource("TakeLast.md", "takeLast", source: "-a-b-c-|", label: "takeLast(2)", outputValues: names("bc")) {
            $0.takeLast(2)
        }
    }

    @Test func skip() {
        singleSource("Skip.md", "skip", source: "-a-b-c-d-|", label: "skip(2)", outputValues: names("cd")) {
            $0.skip(2)
        }
        integerSource("Skip.md", "skip-while", source: "-1-2-3-1-|", label: "skip(while: < 3)", outputValues: digits) {
            $0.skip(while: { $0 < 3 })
        }
    }

    @Test func elementAt() {
        singleSource("ElementAt.md", "elementAt", source: "-a-b-c-|", label: "element(at: 1)", outputValues: names("b"))
        {
            $0.element(at: 1)
        }
    }

    @Test func ignoreElements() {
        singleSource(
            "IgnoreElements.md", "ignoreElements", source: "-a-b-|", label: "ignoreElements()",
            outputValues: [Character: Never]()
        ) { $0.ignoreElements() }
    }

    // MARK: Combining

    @Test func startWith() {
        singleSource(
            "StartWith.md", "startWith", source: "----a-b-|", label: "startWith(\"x\", \"y\")",
            outputValues: names("xyab")
        ) { $0.startWith("x", "y") }
    }

    // MARK: Error handling

    @Test func catchError() {
        let xs = scheduler.createHotObservable("-a-b-#")
        let ys = scheduler.createColdObservable("-x-y-|")
        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }
        var diagram = GuideDiagram()
        diagram.hot("source", xs, names("ab"))
        diagram.cold("handler's (cold)", ys, names("xy"))
        diagram.output("catch", res.events, names("abxy"))
        diagram.subscriptions("source subscribed", xs)
        diagram.subscriptions("handler's subscribed", ys)
        GuideDiagrams.check(diagram, in: "Catch.md", name: "catch")

        singleSource(
            "Catch.md", "catchAndReturn", source: "-a-b-#", label: "catchAndReturn(\"z\")",
            outputValues: names("abz")
        ) { $0.catchAndReturn("z") }
    }

    @Test func retry() {
        let xs = scheduler.createColdObservable("-a-#")
        let res = scheduler.start { xs.retry(2) }
        let diagram = GuideDiagram.oneSource(
            xs, names("a"), cold: true, output: "retry(2)", res.events, names("a"))
        GuideDiagrams.check(diagram, in: "Retry.md", name: "retry")
    }

    @Test func retryWhen() {
        let xs = scheduler.createColdObservable("-a-#")
        let res = scheduler.start {
            xs.retry(when: { errors in
                // Retry once, 20 ticks after the first failure; fail on the second.
                errors.scan(0) { count, _ in count + 1 }.flatMap { count in
                    count < 2 ? Observable<Int>.timer(.seconds(20), scheduler: scheduler) : Observable.error(Boom())
                }
            })
        }
        let diagram = GuideDiagram.oneSource(
            xs, names("a"), cold: true, output: "retry(when:)", res.events, names("a"))
        GuideDiagrams.check(diagram, in: "Retry.md", name: "retry-when")
    }

    // MARK: Utility

    @Test func doOperator() {
        singleSource("Do.md", "do", source: "-a-b-|", label: "do(onNext: log)", outputValues: names("ab")) {
            $0.do(onNext: { _ in })
        }
    }

    @Test func withUnretained() {
        let xs = scheduler.createHotObservable("-a-b-c-d-|")
        let owner = Locked<Owner?>(Owner())
        scheduler.scheduleAt(240) { owner.withLock { $0 = nil } }
        let res = scheduler.start { owner.withLock { xs.withUnretained($0!) { _, element in element } } }
        var diagram = GuideDiagram()
        diagram.hot("source", xs, names("abcd"))
        diagram.note("owner", "----x (deallocated)")
        diagram.output("withUnretained", res.events, names("ab"))
        diagram.subscriptions("subscribed", xs)
        GuideDiagrams.check(diagram, in: "WithUnretained.md", name: "withUnretained")
    }
}
