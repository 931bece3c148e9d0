import Streams
import StreamsTest
import Testing

@Suite struct FailureMessageTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func marbleMismatchShowsAlignedTimelinesAndTheFirstDifference() {
        let xs = scheduler.createHotObservable("--a---b-|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 } }
        #expect(
            diffMarbles(res, "--a--b--|", values: ["a": 1, "b": 2]) == """
                expected: --a--b--|
                actual:   --a---b-|
                first difference at t=250: expected next(b), got nothing
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
        #expect(diffMarbles(res, "--a---b-|", values: ["a": 1, "b": 2]) == nil)
    }

    @Test func assertMarblesRecordsTheMessageAtTheCallersLine() {
        let xs = scheduler.createHotObservable("-a|", values: ["a": 1])
        let res = scheduler.start { xs.map { $0 } }
        let line = #line + 2
        let locations = capturedFailureLocations {
            assertMarbles(res, "-a-|", values: ["a": 1])
        }
        #expect(locations.map(\.line) == [line])
        let failures = capturedFailures { assertMarbles(res, "-a-|", values: ["a": 1]) }
        #expect(
            failures == [
                """
                expected: -a-|
                actual:   -a|
                first difference at t=220: expected nothing, got completed
                (timelines start at t=200; 1 frame = 10 ticks)
                """
            ])
    }

    @Test func unnamedActualValuesGetMadeUpNamesAndALegend() {
        let xs = scheduler.createHotObservable("-a-b|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.map { $0 * 100 } }
        #expect(
            diffMarbles(res, "-a-b|", values: ["a": 100, "b": 2]) == """
                expected: -a-b|
                actual:   -a-c|
                first difference at t=230: expected next(b), got next(200)
                (timelines start at t=200; 1 frame = 10 ticks)
                where c = 200
                """)
    }

    @Test func errorsAndSameFrameGroupsAreDrawn() {
        let xs = scheduler.createHotObservable("-(ab)#", values: ["a": 1, "b": 2], error: TestError())
        let res = scheduler.start { xs.map { $0 } }
        #expect(
            diffMarbles(res, "-(ab)#", values: ["a": 1, "b": 2]) == """
                expected: -(ab)#
                actual:   -(ab)#
                first difference at t=250: expected error(MarbleError), got error(TestError())
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
        #expect(diffMarbles(res, "-(ab)#", values: ["a": 1, "b": 2], error: TestError()) == nil)
    }

    @Test func stringObserversCompareAgainstTheirOwnCharacters() {
        let xs = scheduler.createHotObservable("-a-b-a|")
        let res = scheduler.start { xs.distinctUntilChanged() }
        assertMarbles(res, "-a-b-a|")
        #expect(
            diffMarbles(res, "-a-a-a|") == """
                expected: -a-a-a|
                actual:   -a-b-a|
                first difference at t=230: expected next(a), got next(b)
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
    }

    @Test func recordedArraysUseTheSameFormat() {
        let actual: [Recorded<Event<Int>>] = [.next(220, 1), .next(260, 2), .completed(280)]
        let expected: [Recorded<Event<Int>>] = [.next(220, 1), .next(250, 2), .completed(280)]
        #expect(
            diffEvents(actual, expected) == """
                expected: --1--2--|
                actual:   --1---2-|
                first difference at t=250: expected next(2), got nothing
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
        #expect(diffEvents(actual, actual) == nil)
        let failures = capturedFailures { assertEvents(actual, expected) }
        #expect(failures == [diffEvents(actual, expected)])
    }

    @Test func recordedArraysNameLongValuesWithLetters() {
        let actual: [Recorded<Event<Int>>] = [.next(210, 10), .next(220, 30)]
        let expected: [Recorded<Event<Int>>] = [.next(210, 10), .next(220, 20)]
        #expect(
            diffEvents(actual, expected) == """
                expected: -ab
                actual:   -ac
                first difference at t=220: expected next(20), got next(30)
                (timelines start at t=200; 1 frame = 10 ticks)
                where a = 10, b = 20, c = 30
                """)
    }

    @Test func eventsBeforeTheSubscriptionTickAreDrawnBeforeACaret() {
        let actual: [Recorded<Event<Int>>] = [.next(150, 1), .completed(250)]
        let expected: [Recorded<Event<Int>>] = [.next(150, 1), .completed(260)]
        #expect(
            diffEvents(actual, expected) == """
                expected: 1----^-----|
                actual:   1----^----|
                first difference at t=250: expected nothing, got completed
                (^ is t=200; 1 frame = 10 ticks)
                """)
    }

    @Test func linesThatEndBeforeTheSubscriptionTickStillReachTheCaret() {
        let actual: [Recorded<Event<Int>>] = [.completed(160)]
        #expect(
            diffEvents(actual, []) == """
                expected: ----^
                actual:   |---^
                first difference at t=160: expected nothing, got completed
                (^ is t=200; 1 frame = 10 ticks)
                """)
    }

    @Test func eventsBetweenFramesShrinkTheFrame() {
        let actual: [Recorded<Event<Int>>] = [.next(211, 1)]
        let expected: [Recorded<Event<Int>>] = [.next(210, 1)]
        #expect(
            diffEvents(actual, expected) == """
                expected: ----------1-
                actual:   -----------1
                first difference at t=210: expected next(1), got nothing
                (timelines start at t=200; 1 frame = 1 tick)
                """)
    }

    @Test func longSilencesAreElided() {
        let actual: [Recorded<Event<Int>>] = [.next(210, 1), .completed(900)]
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .completed(1000)]
        #expect(
            diffEvents(actual, expected) == """
                expected: -1{68}----------|
                actual:   -1{68}|
                first difference at t=900: expected nothing, got completed
                (timelines start at t=200; 1 frame = 10 ticks; {n} = n silent frames)
                """)
    }

    @Test func crowdedFramesArePushedRightOnBothLines() {
        let actual: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2)]
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(210, 2)]
        #expect(
            diffEvents(actual, expected) == """
                expected: -(12)-
                actual:   -1---2
                first difference at t=210: expected next(2), got nothing
                (timelines start at t=200; 1 frame = 10 ticks; crowded frames pushed right)
                """)
    }

    @Test func longBusyTimelinesWrapEvery80Columns() {
        let expected: [Recorded<Event<Int>>] = (0..<100).map { .next(200 + 10 * $0, $0 % 10) }
        let actual = expected.dropLast() + [.next(1200, 0)]
        let lines = diffEvents(Array(actual), expected)?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 6)
        #expect(lines[0] == "expected: " + String(repeating: "0123456789", count: 8))
        #expect(lines[1] == "actual:   " + String(repeating: "0123456789", count: 8))
        #expect(lines[2] == "expected: " + String(repeating: "0123456789", count: 2) + "-")
        #expect(lines[3] == "actual:   " + String(repeating: "0123456789", count: 1) + "012345678-0")
        #expect(lines[4] == "first difference at t=1190: expected next(9), got nothing")
        #expect(lines[5] == "(timelines start at t=200; 1 frame = 10 ticks)")
    }

    @Test func subscriptionMismatch() {
        let xs = scheduler.createHotObservable("-a----|", values: ["a": 1])
        _ = scheduler.start { xs.map { $0 } }
        #expect(
            diffSubscriptions(xs, "^---!") == """
                expected: ^---!
                actual:   ^-----!
                first difference in subscription 1: expected (200, 240), got (200, 260)
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
        #expect(
            diffSubscriptions(xs) == """
                expected: (no subscriptions)
                actual:   ^-----!
                first difference in subscription 1: expected nothing, got (200, 260)
                (timelines start at t=200; 1 frame = 10 ticks)
                """)
        let failures = capturedFailures { assertSubscriptions(xs, "^---!") }
        #expect(failures == [diffSubscriptions(xs, "^---!")])
    }
}
