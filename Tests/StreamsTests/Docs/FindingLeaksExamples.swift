import Foundation
import Streams
import StreamsTest

// The examples of Docs/FindingLeaks.md, verbatim (DocExamplesTests checks that). Their sites in the printed
// snapshots are lines of this file, so moving a line here changes the guide's outputs: run
// `bash Scripts/generate-guide-outputs.sh` after editing, and commit the guide with this file.
// FindingLeaksGuideTests.swift runs them and compares what they print with the guide's output blocks.

// MARK: The snapshot

/// The guide's first example: one chain, tagged, two elements, a snapshot, then disposal.
func evensTripledExample() {
    Inspector.isEnabled = true  // at start-up: only chains built from now on are recorded

    let numbers = PublishSubject<Int>()
    let subscription =
        numbers
        .map { $0 * 3 }
        .filter { $0.isMultiple(of: 2) }
        .tag("evens-tripled")
        .subscribe(onNext: { print($0) })
    numbers.onNext(1)
    numbers.onNext(2)
    print(Inspector.snapshot())

    subscription.dispose()
    print(Inspector.snapshot())  // nothing: a disposed subscription leaves the snapshot at once
}

// MARK: Inner subscriptions

/// Searches after a 300 ms pause; a new query cancels the request in flight.
func liveSearch(
    for query: Observable<String>, scheduler: some SchedulerType,
    search: @escaping @Sendable (String) -> Observable<[String]>
) -> Observable<[String]> {
    query
        .debounce(.milliseconds(300), scheduler: scheduler)
        .distinctUntilChanged()
        .flatMapLatest { text in search(text).tag("request") }
        .tag("search")
}

/// The guide's search example in virtual time: a snapshot while "sw" is in flight, another once "swift"
/// replaced it.
func liveSearchExample() {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let query = PublishSubject<String>()
    let slowSearch: @Sendable (String) -> Observable<[String]> = { text in
        Observable.just(["\(text) results"]).delay(.seconds(1), scheduler: scheduler)
    }
    let subscription = liveSearch(for: query, scheduler: scheduler, search: slowSearch)
        .subscribe(onNext: { print($0) })

    query.onNext("sw")
    scheduler.advanceTo(400)  // "sw" settled at 300: its request is in flight
    print(Inspector.snapshot())

    query.onNext("swift")
    scheduler.advanceTo(800)  // "swift" settled at 700: the "sw" request was cancelled
    print(Inspector.snapshot())

    scheduler.advanceTo(2000)
    subscription.dispose()
}

// MARK: A stuck chain

/// The guide's stuck chain: `zip` pairs a name with a price, and the prices never come.
func stuckZipExample() {
    let names = PublishSubject<String>()
    let prices = PublishSubject<Int>()
    let subscription = Observable.zip(names.tag("names"), prices.tag("prices"))
        .map { name, price in "\(name): \(price)" }
        .subscribe(onNext: { print($0) })
    names.onNext("tea")
    names.onNext("coffee")
    print(Inspector.snapshot())  // zip holds two names and waits for a price
    subscription.dispose()
}

// MARK: Errors

/// A line of input that is not a price.
struct NotAPrice: Error {
    let line: String
}

/// Prices read from lines of text; a line that is not a number ends the chain with ``NotAPrice``.
func prices(from lines: Observable<String>) -> Observable<Int> {
    lines
        .map { line in
            guard let price = Int(line) else { throw NotAPrice(line: line) }
            return price
        }
        .filter { $0 > 0 }
        .tag("prices")
}

/// The guide's error example: where did the error pass?
func observedSitesExample() {
    let lines = PublishSubject<String>()
    let subscription = prices(from: lines)
        .subscribe(
            onNext: { print("price", $0) },
            onError: { error in
                let sites = Inspector.observedSites(of: error).map(\.description)
                print("failed:", error, "observed at", sites.joined(separator: " → "))
            })
    lines.onNext("12")
    lines.onNext("twelve")
    subscription.dispose()
}

/// The guide's `debug` example: the error's line is followed by the sites it passed.
func debugExample() {
    let scheduler = TestScheduler(initialClock: 0)
    let lines = PublishSubject<String>()
    let subscription = prices(from: lines)
        .debug("prices", scheduler: scheduler, output: { print($0) })
        .subscribe(onError: { _ in })
    lines.onNext("12")
    lines.onNext("twelve")
    subscription.dispose()
}

/// The guide's unhandled error: no `onError`, so the hook gets it (its default writes to standard error).
func unhandledErrorExample() {
    let lines = PublishSubject<String>()
    let subscription = prices(from: lines).subscribe(onNext: { print("price", $0) })
    lines.onNext("twelve")
    subscription.dispose()
}

/// An app's own unhandled-error hook, logging the sites with the error (not run: the hook is global).
func installUnhandledErrorLogger(log: @escaping @Sendable (String) -> Void) {
    Hooks.unhandledError = { error in
        log("unhandled \(error) \(Inspector.observedSitesLine(of: error) ?? "(no recorded chain)")")
    }
}

// MARK: Leaks in tests

/// The guide's leak: a test's timer chain that is never disposed, reported by `withLeakCheck`.
func leakReportExample() -> [ReportedFailure] {
    let failures = TestFailureCapture.collect {
        withLeakCheck {
            let scheduler = TestScheduler(initialClock: 0)
            let ticks = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                .map { "tick \($0)" }
                .tag("clock")
            _ = ticks.subscribe(onNext: { print($0) })  // never disposed
            scheduler.advanceTo(2)
        }
    }
    return failures
}

// MARK: The transcript

/// What the guide's examples print, while a ``Transcript`` collects it.
final class Transcript: Sendable {
    /// The transcript of the running example, if one is being collected.
    @TaskLocal static var current: Transcript?

    private let lines = Locked<[String]>([])

    /// Runs `body` and returns what it printed (an inspector snapshot keeps only the trees built in this
    /// file: the test process runs other tests' chains at the same time).
    static func collect(_ body: () -> Void) -> String {
        let transcript = Transcript()
        $current.withValue(transcript) { body() }
        return transcript.lines.withLock { $0.joined(separator: "\n") }
    }

    fileprivate func append(_ text: String) {
        lines.withLock { $0.append(text) }
    }
}

/// The examples' `print`: into the running ``Transcript`` (else standard output), an inspector snapshot
/// limited to this file's chains.
private func print(_ items: Any..., separator: String = " ") {
    let text = items.map { item in
        guard let snapshot = item as? InspectorSnapshot else { return String(describing: item) }
        return String(describing: snapshot.keepingOnly(fileID: #fileID))
    }
    .joined(separator: separator)
    guard let transcript = Transcript.current else { return Swift.print(text) }
    transcript.append(text)
}

extension InspectorSnapshot {
    /// The snapshot with only the trees that have a node applied in `fileID`.
    func keepingOnly(fileID: String) -> InspectorSnapshot {
        func built(_ node: Node) -> Bool {
            node.site?.fileID == fileID || node.sources.contains(where: built)
        }
        var kept = self
        kept.roots = roots.filter(built)
        return kept
    }
}
