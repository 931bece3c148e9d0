import Foundation
import Streams
import StreamsTest
import TestSupport
import Testing
import XCTest

// Every code block of Docs/Testing.md is copied from this file (the last test checks it).

private enum LoginError: Error, Equatable {
    case expired
}

/// A function under test for the scheduler section of the guide.
func greeting(for name: String, scheduler: some SchedulerType) -> Observable<String> {
    if name.isEmpty { return Observable.just("Hello!") }
    return Observable.just("Hello, \(name)!", scheduler: scheduler)
}

/// A function under test for the async section of the guide.
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

@Suite struct DocsTestingExamplesTests {
    @Test func rxTestStyle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(230, 3), .completed(250),
        ])
        let res = scheduler.start { xs.map { $0 * 10 } }
        #expect(res.events == [.next(210, 20), .next(230, 30), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func marbleStyle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("a----^b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.map { $0 * 10 } }
        assertMarbles(res, "     ^B-C-|", values: ["B": 20, "C": 30])
        assertSubscriptions(xs, "     ^----!")
    }

    @Test func marblesAreRecordedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("a----^b-c-|", values: ["a": 1, "b": 2, "c": 3])
        #expect(xs.recordedEvents == [.next(150, 1), .next(210, 2), .next(230, 3), .completed(250)])
    }

    @Test func grammarTour() {
        let scheduler = TestScheduler(initialClock: 0)
        let cold = scheduler.createColdObservable("-a-(bc)-|", values: ["a": 1, "b": 2, "c": 3])
        #expect(cold.recordedEvents == [.next(10, 1), .next(30, 2), .next(30, 3), .completed(80)])

        let failing = scheduler.createHotObservable("--a--#", values: ["a": 1], error: LoginError.expired)
        #expect(failing.recordedEvents == [.next(220, 1), .error(250, LoginError.expired)])

        let letters = scheduler.createHotObservable("-x-y-|")  // TestableObservable<String>
        #expect(letters.recordedEvents == [.next(210, "x"), .next(230, "y"), .completed(250)])

        let aligned = scheduler.createHotObservable("-x - y - |")  // spaces are not frames
        #expect(aligned.recordedEvents == letters.recordedEvents)
    }

    @Test func frameSize() {
        let scheduler = TestScheduler(initialClock: 0, marbleTiming: MarbleTiming(ticksPerFrame: 1))
        let xs = scheduler.createHotObservable("^-a-b|", values: ["a": 1, "b": 2])
        #expect(xs.recordedEvents == [.next(202, 1), .next(204, 2), .completed(205)])
    }

    @Test func firstFrameIsTheSubscriptionTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("a-b|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 } }
        assertMarbles(res, "--b|", values: ["b": 2])  // `a` was sent at 200, just before `start` subscribed
    }

    @Test func stringMarbles() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-a-b-b-a-|")
        let res = scheduler.start { xs.distinctUntilChanged() }
        assertMarbles(res, "-a---b---a-|")
    }

    @Test func subscriptionLifetimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(
            "-a-b-c-d-e-f", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6])
        let res = scheduler.start(disposed: 250) { xs.filter { $0.isMultiple(of: 2) } }
        assertMarbles(res, "---b", values: ["b": 2])
        assertSubscriptions(xs, "^----!")
    }

    @Test func neverUnsubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-b-c-", values: ["a": 1, "b": 2, "c": 3])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(230) { _ = xs.subscribe(observer) }
        scheduler.start()
        assertMarbles(observer, "-----c", values: ["c": 3])
        assertSubscriptions(xs, "---^")
    }

    @Test func failureFormat() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("--a---b-|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 } }
        let message = diffMarbles(res, "--a--b--|", values: ["a": 1, "b": 2])
        #expect(
            message == """
                expected: --a--b--|
                actual:   --a---b-|
                first difference at t=250: expected next(b), got nothing
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
    }

    @Test func recordedArrays() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 10), .next(220, 20), .completed(230)])
        let res = scheduler.start { xs.map { $0 + 1 } }
        assertEvents(res.events, [.next(210, 11), .next(220, 21), .completed(230)])

        let message = diffEvents(res.events, [.next(210, 11), .next(220, 22), .completed(230)])
        #expect(
            message == """
                expected: -ab|
                actual:   -ac|
                first difference at t=220: expected next(22), got next(21)
                (timelines start at t=200; 1 frame = 10 ticks)
                where a = 11, b = 22, c = 21
                """)
    }

    @Test func longTimelines() {
        let message = diffEvents([.next(210, 1), .completed(900)], [.next(210, 1), .completed(1000)])
        #expect(
            message == """
                expected: -1{68}----------|
                actual:   -1{68}|
                first difference at t=900: expected nothing, got completed
                (timelines start at t=200; 1 frame = 10 ticks; {n} = n silent frames)
                """)
    }

    @Test func betweenFrames() {
        let message = diffEvents([.next(211, 1), .completed(220)], [.next(210, 1), .completed(220)])
        #expect(
            message == """
                expected: ----------1---------|
                actual:   -----------1--------|
                first difference at t=210: expected next(1), got nothing
                (timelines start at t=200; 1 frame = 1 tick)
                """)
    }

    @Test func subscriptionFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a----|", values: ["a": 1])
        _ = scheduler.start { xs.map { $0 } }
        let message = diffSubscriptions(xs, "^---!")
        #expect(
            message == """
                expected: ^---!
                actual:   ^-----!
                first difference in subscription 1: expected (200, 240), got (200, 260)
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
    }

    @Test func parseErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.createObserver(Int.self)
        let message = diffMarbles(res, "--a-*-|", values: ["a": 1])
        #expect(
            message == """
                marble error at column 5: unexpected character '*'
                  --a-*-|
                      ^
                """)
    }

    @Test func diagramsFromRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]
        let xs = scheduler.createHotObservable("a-^-b-b-c-|", values: values)
        let res = scheduler.start { xs.distinctUntilChanged().map { $0 * 10 } }
        #expect(marbleDiagram(xs.recordedEvents, values: values) == "a-^-b-b-c-|")
        #expect(marbleDiagram(res.events, values: ["B": 20, "C": 30]) == "--B---C-|")
        #expect(subscriptionMarbles(xs.subscriptions) == ["^-------!"])
    }

    @Test func leakCheck() {
        withLeakCheck {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable("-a-b-|", values: ["a": 1, "b": 2])
            let res = scheduler.start { xs.filter { $0 > 1 } }
            assertMarbles(res, "---b-|", values: ["b": 2])
        }
    }

    @Test func leakReport() {
        var kept: (any Disposable)?
        let failures = TestFailureCapture.collect {
            withLeakCheck {
                let subject = PublishSubject<Int>()
                kept = subject.map { $0 + 1 }.subscribe { _ in }  // never disposed
            }
        }
        #expect(failures.count == 1)
        let lines = failures.first?.message.split(separator: "\n").map(String.init) ?? []
        #expect(lines.first?.hasSuffix("created inside withLeakCheck were not released") == true)
        #expect(lines.dropFirst().first == "live subscriptions:")
        #expect(lines.contains { $0.hasPrefix("  subscribe  DocsTestingExamplesTests.swift:") })
        kept?.dispose()
    }

    /// An app object whose subscription captures it (the guide's `SearchScreen`).
    final class SearchScreen: @unchecked Sendable {  // touched only on the test's thread
        let bag = DisposeBag()
        var lastQuery = ""
        func bind(_ queries: Observable<String>) {
            queries.subscribe(onNext: { self.lastQuery = $0 }).disposed(by: bag)
        }
    }

    @Test func leakTrack() {
        let queries = PublishSubject<String>()
        withLeakCheck { leaks in
            let screen = leaks.track(SearchScreen())
            screen.bind(queries)
            queries.onNext("swift")
            queries.onCompleted()  // the subscription ends, so `screen` is released
        }
    }

    @Test func pendingWork() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-b-|", values: ["a": 1, "b": 2])
        scheduler.advanceTo(235)
        #expect(scheduler.pendingWork == [250])
        #expect(scheduler.pendingWorkMessage() == "TestScheduler has 1 pending action at t=250 (clock is 235)")
        scheduler.advanceTo(250)
        scheduler.assertNoPendingWork()
        #expect(xs.subscriptions.isEmpty)
    }

    @Test func unimplementedScheduler() throws {
        let received = try greeting(for: "", scheduler: UnimplementedScheduler()).toBlocking().toArray()
        #expect(received == ["Hello!"])
    }

    @Test func immediateScheduler() throws {
        let received = try greeting(for: "Ada", scheduler: ImmediateScheduler.instance).toBlocking().toArray()
        #expect(received == ["Hello, Ada!"])
    }

    @Test func ownHelper() {
        func assertPositive(
            _ value: Int,
            fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
        ) {
            guard value <= 0 else { return }
            let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            reportTestFailure("\(value) is not positive", at: site)
        }
        #expect(TestFailureCapture.collect { assertPositive(3) }.isEmpty)
        let failures = TestFailureCapture.collect { assertPositive(-1) }
        #expect(failures.map(\.message) == ["-1 is not positive"])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func asyncCodeInVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)  // one tick per millisecond
        let res = scheduler.start {
            searchAfterPause("swift", clock: scheduler.virtualClock) { ["\($0) result"] }
        }
        #expect(res.events == [.next(500, ["swift result"]), .completed(500)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func asyncCodeCancelledInVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let res = scheduler.start(disposed: 400) {
            searchAfterPause("swift", clock: scheduler.virtualClock) { ["\($0) result"] }
        }
        #expect(res.events == [])
        scheduler.assertNoPendingWork()
    }

    /// Every fenced `swift` and `text` block of Docs/Testing.md appears in this file (ignoring
    /// indentation and blank lines), so the guide only shows code that compiles and runs.
    @Test func everyDocBlockIsInThisFile() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Docs/Testing.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let sourceLines = normalizedCodeLines(source, keepingComments: true)
        let blocks = fencedBlocks(guide, languages: ["swift", "text"])
        #expect(blocks.count >= 15)
        for block in blocks {
            let lines = normalizedCodeLines(block, keepingComments: true)
            let found = (0...max(0, sourceLines.count - lines.count)).contains { start in
                Array(sourceLines[start..<min(sourceLines.count, start + lines.count)]) == lines
            }
            #expect(found, "Docs/Testing.md block not found in \(here.lastPathComponent):\n\(block)")
        }
    }
}

/// The guide's XCTest example: the same assertions, reported through `XCTFail`.
final class DocsTestingXCTestExamples: XCTestCase {
    func testMapWithMarbles() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-^-b-|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 * 10 } }
        assertMarbles(res, "   ^-B-|", values: ["B": 20])
        assertSubscriptions(xs, "   ^---!")
    }
}
