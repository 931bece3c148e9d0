import Foundation
import Streams
import StreamsTest
import Testing

// Every ```swift block of README.md, Docs/**/*.md (except Docs/Testing.md, which
// Tests/StreamsTestTests/DocsTestingExamplesTests.swift checks) and Sources/*/*.docc is compiled:
// it is copied into a test file (most into this one) or quoted from the package's sources;
// `everySwiftBlockIsCompiled` fails if a block is found in no Swift file under Tests/ or Sources/.

// MARK: README.md

/// Searches as the user types: waits for a 300 ms pause, skips repeated queries, and
/// cancels the request in flight when a newer query arrives.
func searchResults(
    query: Observable<String>,
    scheduler: some SchedulerType,
    search: @escaping @Sendable (String) -> Observable<[String]>
) -> Observable<[String]> {
    query
        .map { $0.lowercased() }
        .debounce(.milliseconds(300), scheduler: scheduler)
        .distinctUntilChanged()
        .flatMapLatest { text in
            text.isEmpty ? Observable.just([]) : search(text).catchAndReturn([])
        }
}

// MARK: Docs/Concurrency.md

// The guide's `SearchScreen` is the issue's snippet, compiled and run as written in
// Tests/StreamsTests/Operators/MainActorSnippetTests.swift.

/// The function under test of the guide's "Async code in virtual time" (as in Docs/Testing.md).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
func searchAfterPause(
    _ query: String, clock: some Clock<Duration>,
    search: @escaping @Sendable (String) async throws -> [String]
) -> Observable<[String]> {
    Observable.fromAsync {
        try await clock.sleep(for: .milliseconds(300))
        return try await search(query)
    }
}

/// A stand-in for the guide's search service.
@Sendable func catalogSearch(_ query: String) async throws -> [String] { ["\(query) result"] }

// MARK: Streams.docc/Streams.md

/// A stand-in for the landing page's `search`.
private func search(_ text: String) -> Observable<[String]> { Observable.just([text]) }

func searchResults(for query: Observable<String>) -> Observable<[String]> {
    query
        .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
        .distinctUntilChanged()
        .flatMapLatest { text in search(text) }
}

// MARK: Docs/Traits.md

/// Loads a user's display name once; a failed load shows "unknown".
func displayName(id: Int, load: @escaping @Sendable (Int) async throws -> String) -> Single<String> {
    Single.create { try await load(id) }
        .map { $0.capitalized }
        .catchAndReturn("unknown")
}

/// The cached value for `key`, if any: a maybe that completes empty on a miss.
func cachedValue(_ key: String, in cache: [String: Int]) -> Maybe<Int> {
    cache[key].map { Maybe.just($0) } ?? Maybe.empty()
}

/// Saves, then reloads: `andThen` subscribes to `reload` once `save` completes.
func saveThenReload(save: Completable, reload: Single<[String]>) -> Single<[String]> {
    save.andThen(reload)
}

/// A status line for the UI, which must not fail: an error shows "offline" and ends it.
func statusText(_ online: Observable<Int>) -> Infallible<String> {
    online.map { "\($0) online" }.asInfallible(onErrorJustReturn: "offline")
}

@Suite struct DocExamplesTests {
    /// The package root, from this file's path (`Tests/StreamsTests/Docs/…`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    // MARK: README.md

    @Test func searchWaitsForAPauseAndKeepsTheLatestRequest() {
        // 1 tick = 1 ms, and one marble frame = 100 ms.
        let scheduler = TestScheduler(
            initialClock: 0, resolution: 0.001, marbleTiming: MarbleTiming(ticksPerFrame: 100))
        let typing = scheduler.createHotObservable("-a-b----c------", values: ["a": "S", "b": "Sw", "c": "Swift"])
        let res = scheduler.start(disposed: 2000) {
            searchResults(query: typing.asObservable(), scheduler: scheduler) { text in
                // "sw" answers slowly (8 frames), "swift" quickly (1 frame).
                let response = text == "sw" ? "--------r|" : "-r|"
                return scheduler.createColdObservable(response, values: ["r": ["\(text)-repo"]]).asObservable()
            }
        }
        // "Sw" is searched at frame 6 (300 ms after the last keystroke); "Swift" at frame 11
        // cancels that request, and its answer arrives at frame 12.
        assertMarbles(res, "------------r", values: ["r": ["swift-repo"]])
    }

    // MARK: Docs/Concurrency.md

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func asyncCodeTakesItsClock() {
        // In the app:
        let live = searchAfterPause("swift", clock: ContinuousClock(), search: catalogSearch)
        // In a test:
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let recorded = scheduler.start {
            searchAfterPause("swift", clock: scheduler.virtualClock, search: catalogSearch)
        }
        #expect(recorded.events == [.next(500, ["swift result"]), .completed(500)])
        _ = live
    }

    // MARK: GettingStarted.md (DocC)

    @Test func gettingStarted() {
        let bag = DisposeBag()
        Observable.of(1, 2, 3)
            .map { $0 * 10 }
            .filter { $0 > 10 }
            .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
            .disposed(by: bag)
        // 20, 30, done
    }

    // MARK: AsyncAwaitBridging.md (DocC)

    @Test func asyncAwaitBridging() async throws {
        let sum = try await Observable.of(1, 2, 3).reduce(0, accumulator: +).asSingle().value
        var seen: [Int] = []
        for try await value in Observable.of(1, 2, 3).values {
            seen.append(value)
        }
        let answer = try await Single.create { 6 * 7 }.value
        #expect(sum == 6 && seen == [1, 2, 3] && answer == 42)
    }

    // MARK: Docs/Traits.md

    @Test func traitsGuideDisplayName() async throws {
        struct Offline: Error {}
        let found = try await displayName(id: 1) { _ in "ada lovelace" }.value
        let failed = try await displayName(id: 2) { _ in throw Offline() }.value
        #expect(found == "Ada Lovelace" && failed == "unknown")
    }

    @Test func traitsGuideMaybeCompletableInfallible() async throws {
        struct Offline: Error {}
        let hit = try await cachedValue("a", in: ["a": 1]).value
        let miss = try await cachedValue("b", in: ["a": 1]).value
        let reloaded = try await saveThenReload(save: .empty(), reload: .just(["saved"])).value
        let lines = Log()
        _ = statusText(Observable.of(3).concat(Observable.error(Offline()))).subscribe(onNext: { lines.append($0) })
        #expect(hit == 1 && miss == nil && reloaded == ["saved"] && lines.items == ["3 online", "offline"])
    }

    // MARK: Versioning

    @Test func changelogNamesTheLibraryVersion() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(changelog.contains("\n## \(StreamsVersion.current) "))
    }

    // MARK: The checker

    @Test func everySwiftBlockIsCompiled() throws {
        // Compiled code: tests, and the library and demo sources (walk-throughs quote the real code).
        let sources = try
            (Self.files(under: "Tests", extension: "swift") + Self.files(under: "Sources", extension: "swift"))
            .map { try Self.normalizedLines(path: $0) }
        var guides = try Self.files(under: "Docs", extension: "md").filter { !$0.hasSuffix("Docs/Testing.md") }
        guides.append(Self.root.appendingPathComponent("README.md").path)
        guides += try Self.files(under: "Sources", extension: "md").filter { $0.contains(".docc/") }
        for guide in guides {
            let text = try String(contentsOfFile: guide, encoding: .utf8)
            for block in fencedBlocks(text) {
                // `import` lines of an example are the test file's imports (an app's test imports the
                // app with `@testable import`; CI compiles README blocks with exactly their imports,
                // Scripts/readme-snippets/check.sh). A line that is just `…`
                // marks an excerpt: the parts between such lines must appear, in order, in one file.
                let lines = normalizedCodeLines(block).filter {
                    !$0.hasPrefix("import ") && !$0.hasPrefix("@testable import ")
                }
                let segments = lines.split(separator: "…", omittingEmptySubsequences: true).map(Array.init)
                let found = sources.contains { source in Self.contains(source, segmentsInOrder: segments) }
                #expect(
                    found,
                    """
                    A ```swift block of \(guide.replacingOccurrences(of: Self.root.path + "/", with: "")) is \
                    not in any Swift file under Tests/ or Sources/; copy it into a test \
                    (Tests/StreamsTests/Docs/DocExamplesTests.swift) or mark it ```text if it is not meant to compile:
                    \(block)
                    """)
            }
        }
    }

    private static func files(under folder: String, extension ext: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix("." + ext) }
            .map { base.appendingPathComponent($0).path }
    }

    private static func normalizedLines(path: String) throws -> [String] {
        normalizedCodeLines(try String(contentsOfFile: path, encoding: .utf8))
    }

    /// Whether every segment occurs contiguously in `source`, each after the previous one.
    private static func contains(_ source: [String], segmentsInOrder segments: [[String]]) -> Bool {
        var from = 0
        for lines in segments where !lines.isEmpty {
            guard let start = firstIndex(of: lines, in: source, from: from) else { return false }
            from = start + lines.count
        }
        return true
    }

    private static func firstIndex(of lines: [String], in source: [String], from: Int) -> Int? {
        guard source.count - from >= lines.count else { return nil }
        return (from...(source.count - lines.count)).first { start in
            source[start..<(start + lines.count)].elementsEqual(lines)
        }
    }
}
