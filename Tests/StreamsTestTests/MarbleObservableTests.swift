import Streams
import StreamsTest
import Testing

@Suite struct MarbleObservableTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func hotMarbleWithoutCaretStartsAtTheSubscriptionTick() {
        let xs = scheduler.createHotObservable("--a--b--|", values: ["a": 1, "b": 2])
        #expect(xs.recordedEvents == [.next(220, 1), .next(250, 2), .completed(280)])
    }

    @Test func caretIsFrameZeroAndEarlierEventsAreBeforeTheSubscription() {
        let xs = scheduler.createHotObservable("-a-^-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        #expect(xs.recordedEvents == [.next(180, 1), .next(220, 2), .next(240, 3), .completed(260)])
    }

    @Test func caretAlignsWithStartDefaults() {
        let xs = scheduler.createHotObservable("-a-^-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.map { $0 * 10 } }
        #expect(res.events == [.next(220, 20), .next(240, 30), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
        assertMarbles(res, "   ^-x-y-|", values: ["x": 20, "y": 30])
        assertSubscriptions(xs, "   ^-----!")
    }

    @Test func sameFrameGroupSharesTheFrameOfItsParenthesisAndKeepsVisualPositions() {
        let xs = scheduler.createHotObservable("-(ab)-c(d|)", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        #expect(
            xs.recordedEvents == [.next(210, 1), .next(210, 2), .next(260, 3), .next(270, 4), .completed(270)])
    }

    @Test func spacesAreIgnored() {
        let xs = scheduler.createHotObservable("  -a - b |", values: ["a": 1, "b": 2])
        #expect(xs.recordedEvents == [.next(210, 1), .next(230, 2), .completed(240)])
    }

    @Test func hashSendsTheGivenErrorOrMarbleError() {
        let custom = scheduler.createHotObservable("-a#", values: ["a": 1], error: TestError())
        let plain = scheduler.createHotObservable("-a#", values: ["a": 1])
        #expect(custom.recordedEvents == [.next(210, 1), .error(220, TestError())])
        #expect(plain.recordedEvents == [.next(210, 1), .error(220, MarbleError())])
    }

    @Test func coldMarblesAreRelativeToEachSubscription() {
        let xs = scheduler.createColdObservable("-a-|", values: ["a": 7])
        #expect(xs.recordedEvents == [.next(10, 7), .completed(30)])
        let res = scheduler.start { xs.map { $0 + 1 } }
        #expect(res.events == [.next(210, 8), .completed(230)])
        assertMarbles(res, "-b-|", values: ["b": 8])
        assertSubscriptions(xs, "^--!")
    }

    @Test func stringAndCharacterElementsNameThemselves() {
        let strings = scheduler.createHotObservable("-x-y|")
        let characters: TestableObservable<Character> = scheduler.createColdObservable("-x-y|")
        #expect(strings.recordedEvents == [.next(210, "x"), .next(230, "y"), .completed(240)])
        #expect(characters.recordedEvents == [.next(10, "x"), .next(30, "y"), .completed(40)])
    }

    @Test func customFrameSizeAndSubscriptionTick() {
        let scheduler = TestScheduler(initialClock: 0, marbleTiming: MarbleTiming(ticksPerFrame: 1, subscribed: 50))
        let xs = scheduler.createHotObservable("a^-b|", values: ["a": 1, "b": 2])
        #expect(xs.recordedEvents == [.next(49, 1), .next(52, 2), .completed(53)])
        let cold = scheduler.createColdObservable("--a|", values: ["a": 1])
        #expect(cold.recordedEvents == [.next(2, 1), .completed(3)])
        let res = scheduler.start(created: 0, subscribed: 50, disposed: 100) { xs.map { $0 } }
        assertMarbles(res, "^-b|", values: ["b": 2])
        assertSubscriptions(xs, "^--!")
    }

    @Test func frameSizeBelowOneIsOne() {
        #expect(MarbleTiming(ticksPerFrame: 0).ticksPerFrame == 1)
        #expect(MarbleTiming.default == MarbleTiming(ticksPerFrame: 10, subscribed: 200))
    }

    @Test func eventsAfterTheTerminalAreKeptForRobustnessTests() {
        let xs = scheduler.createHotObservable("-a|b", values: ["a": 1, "b": 2])
        #expect(xs.recordedEvents == [.next(210, 1), .completed(220), .next(230, 2)])
        let res = scheduler.start { xs.filter { _ in true } }
        assertMarbles(res, "-a|", values: ["a": 1])
    }

    @Test func malformedMarblesFailAtTheCallSiteAndSendNothing() {
        var xs: TestableObservable<Int>?
        let line = #line + 2
        let locations = capturedFailureLocations {
            xs = scheduler.createHotObservable("-a*|", values: ["a": 1])
        }
        #expect(locations.map(\.line) == [line])
        #expect(locations.map(\.fileID) == [#fileID])
        #expect(xs?.recordedEvents.isEmpty == true)
    }

    @Test func caretIsRejectedInColdMarbles() {
        let failures = capturedFailures { _ = scheduler.createColdObservable("-^a|", values: ["a": 1]) }
        #expect(
            failures == [
                """
                marble error at column 2: '^' marks subscription only in hot or expected-output marbles
                  -^a|
                   ^
                """
            ])
    }
}
