import Foundation
import Streams
import StreamsTest
import Testing

@testable import SearchDemo

/// The search app under faults, end to end: the live client against the local test server, wired into the
/// real controller and model (see ``LiveSearchHarness``). Each scenario shows good results first, then hits
/// the fault, then searches again, and checks the exact states the view received and the exact requests
/// the server received.
@Suite struct SearchFaultTests {
    static let good = [repository(1, "good"), repository(2, "good")]
    static let next = [repository(3, "next")]

    /// A GitHub search body listing `repositories`.
    static func body(_ repositories: [Repository]) -> String {
        let items = repositories.map { item in
            #"{"id": \#(item.id), "name": "\#(item.name)", "full_name": "\#(item.fullName)", "#
                + #""html_url": "\#(item.htmlURL.absoluteString)", "description": "\#(item.description ?? "")", "#
                + #""language": "Swift", "stargazers_count": \#(item.stargazersCount), "updated_at": null}"#
        }
        return #"{"total_count": \#(repositories.count), "incomplete_results": false, "items": ["#
            + items.joined(separator: ", ") + "]}"
    }

    /// The `q` parameter of a request, decoded.
    static func query(of request: LocalHTTPServer.Request) -> String {
        URLComponents(string: request.target)?.queryItems?.first { $0.name == "q" }?.value ?? ""
    }

    /// Answers "good" and "next" with their results and everything else with `fault`.
    static func handler(fault: LocalHTTPServer.Response) -> LiveSearchHarness.Handler {
        { request, _ in
            switch query(of: request) {
            case "good": .json(body(good))
            case "next": .json(body(next))
            default: fault
            }
        }
    }

    /// What the status bar shows for `state` on a wide terminal.
    static func statusBar(_ state: SearchState?) -> String {
        guard let state else { return "" }
        return SearchScreenRenderer.render(state: state, query: state.query, size: TerminalSize(rows: 5, columns: 300))
            .last ?? ""
    }

    /// The suite's scenario on `harness`: "good" at 0, `query` at 1000, "next" at 2000, run until
    /// 3000; returns whether every request was answered in time.
    @MainActor static func runGoodThenNext(around query: String, on harness: LiveSearchHarness) async -> Bool {
        harness.send(.queryEdited("good"), at: 0)
        harness.send(.queryEdited(query), at: 1000)
        harness.send(.queryEdited("next"), at: 2000)
        return await harness.run(until: 3000)
    }

    /// What the view receives until `query`, sent at 1000 after "good" (as in
    /// ``runGoodThenNext(around:on:)``), has an answer: the empty screen, "good" loading and its results
    /// (with `remaining` calls left, when the server says), and `query` loading over them at 1300.
    static func statesUntilAnswer(to query: String, remaining: Int? = nil) -> [Recorded<Event<SearchState>>] {
        [
            .next(0, state()),
            .next(300, state("good", .loading)),
            .next(300, state("good", .loaded, good, total: 2, remaining: remaining)),
            .next(1300, state(query, .loading, good, total: 2, remaining: remaining, resultsFor: "good")),
        ]
    }

    enum Fault: String, CaseIterable, Sendable {
        case connectionDroppedMidBody, bodyCutShortOfItsLength, truncatedJSON, tenMegabyteBody

        var response: LocalHTTPServer.Response {
            let json = Data(SearchFaultTests.body(SearchFaultTests.next).utf8)
            switch self {
            case .connectionDroppedMidBody: return LocalHTTPServer.Response(body: json, delivery: .dropped(bytes: 40))
            case .bodyCutShortOfItsLength: return LocalHTTPServer.Response(body: json, delivery: .truncated(bytes: 40))
            case .truncatedJSON: return LocalHTTPServer.Response(body: json.prefix(40))
            case .tenMegabyteBody: return LocalHTTPServer.Response(body: Data(repeating: 0x20, count: 10_485_760))
            }
        }

        func message(port: Int) -> String {
            switch self {
            case .connectionDroppedMidBody: "the connection to 127.0.0.1:\(port) was lost"
            case .bodyCutShortOfItsLength: "the response from 127.0.0.1:\(port) was cut short"
            case .truncatedJSON: "malformed response: not valid JSON"
            case .tenMegabyteBody: "malformed response: body too large (10,485,760 bytes, limit 5,242,880)"
            }
        }
    }

    /// Good results, the fault, then a new query: the message names the fault, the good results stay
    /// until the next query's results replace them, and exactly one request went out per settled query.
    @Test(arguments: Fault.allCases) @MainActor
    func faultShowsItsMessageKeepsResultsAndTheNextQueryWorks(fault: Fault) async throws {
        let harness = try LiveSearchHarness(handler: Self.handler(fault: fault.response))
        defer { harness.shutdown() }
        let answered = await Self.runGoodThenNext(around: "bad", on: harness)

        let message = fault.message(port: harness.server.port)
        #expect(answered)
        #expect(
            harness.states == Self.statesUntilAnswer(to: "bad") + [
                .next(1300, state("bad", .loaded, Self.good, total: 2, error: message, resultsFor: "good")),
                .next(2300, state("next", .loading, Self.good, total: 2, resultsFor: "good")),
                .next(2300, state("next", .loaded, Self.next, total: 1)),
            ])
        #expect(harness.requestTicks == [300, 1300, 2300])
        let faulted = harness.states[4].value.element
        #expect(Self.statusBar(faulted) == message)
    }

    /// Invalid UTF-8 inside a JSON string is not a failure: the result is shown with U+FFFD in its place.
    @Test @MainActor func invalidUTF8InAStringShowsTheResultRepaired() async throws {
        var broken = Data(#"{"total_count": 1, "items": [{"id": 7, "name": "n", "full_name": "o/n", "#.utf8)
        broken += Data(#""html_url": "https://github.com/o/n", "description": "ab"#.utf8)
        broken += Data([0xFF, 0xC3])
        broken += Data(#"cd", "language": null, "stargazers_count": 5, "updated_at": null}]}"#.utf8)
        let harness = try LiveSearchHarness(handler: Self.handler(fault: LocalHTTPServer.Response(body: broken)))
        defer { harness.shutdown() }
        #expect(await Self.runGoodThenNext(around: "bad", on: harness))

        let repaired = Repository(
            id: 7, name: "n", fullName: "o/n", htmlURL: URL(string: "https://github.com/o/n")!,
            description: "ab\u{FFFD}\u{FFFD}cd", language: nil, stargazersCount: 5, updatedAt: nil)
        #expect(
            harness.states == Self.statesUntilAnswer(to: "bad") + [
                .next(1300, state("bad", .loaded, [repaired], total: 1)),
                .next(2300, state("next", .loading, [repaired], total: 1, resultsFor: "bad")),
                .next(2300, state("next", .loaded, Self.next, total: 1)),
            ])
        #expect(harness.requestTicks == [300, 1300, 2300])
    }

    /// A query refused before any request: the message shows with the good results kept, no request goes
    /// out for it, and the next query works.
    @MainActor private func expectRefusedWithoutARequest(_ query: String, message: String) async throws {
        let harness = try LiveSearchHarness(handler: Self.handler(fault: .json(Self.body([]))))
        defer { harness.shutdown() }

        #expect(await Self.runGoodThenNext(around: query, on: harness))

        #expect(
            harness.states == Self.statesUntilAnswer(to: query) + [
                .next(1300, state(query, .loaded, Self.good, total: 2, error: message, resultsFor: "good")),
                .next(2300, state("next", .loading, Self.good, total: 2, resultsFor: "good")),
                .next(2300, state("next", .loaded, Self.next, total: 1)),
            ])
        #expect(harness.requestTicks == [300, 2300])
        #expect(Self.statusBar(harness.states[4].value.element) == message)
    }

    /// A 10,000-character query is refused before any request, with the limit in the message.
    @Test @MainActor func tenThousandCharacterQueryIsRefusedWithoutARequest() async throws {
        try await expectRefusedWithoutARequest(
            String(repeating: "a", count: 10_000), message: "query too long (10,000 characters, max 256)")
    }

    /// A malformed qualifier typed in the terminal UI: no request, the parser's message in the status bar, the
    /// previous results kept, and the next query works.
    @Test @MainActor func aMalformedQualifierIsANoteOnTheScreenWithoutARequest() async throws {
        try await expectRefusedWithoutARequest("good stars:>>1", message: "“stars:>>1”: “>1” is not a number")
    }

    /// Control characters that reach the controller in an edit (however they got into the line) are not
    /// searched: the request carries the visible text only, and the state shows it.
    @Test @MainActor func controlCharactersInTheLineNeverReachTheRequest() async throws {
        let harness = try LiveSearchHarness { _, _ in .json(Self.body(Self.next)) }
        defer { harness.shutdown() }
        harness.send(.queryEdited("\tsw\u{1B}i\u{7}f\u{0}t\u{9B}\r\n"), at: 0)

        #expect(await harness.run(until: 1000))

        #expect(harness.server.requests.map(\.target) == ["/search/repositories?q=swift&per_page=30&page=1"])
        #expect(harness.lastState == state("swift", .loaded, Self.next, total: 1))
    }
}

/// Rate limits end to end: the gate and countdown in virtual time, the 429s from the local server.
@Suite struct SearchRateLimitFaultTests {
    private static let good = SearchFaultTests.good
    private static let next = SearchFaultTests.next

    private static func limited(retryAfter: Int) -> LocalHTTPServer.Response {
        .json(#"{"message": "slow down"}"#, status: 429, headers: [("Retry-After", "\(retryAfter)")])
    }

    private static func results(_ repositories: [Repository]) -> LocalHTTPServer.Response {
        .json(SearchFaultTests.body(repositories), headers: [("x-ratelimit-remaining", "9")])
    }

    /// Three 429s in a row, each with `Retry-After: 2`: the app counts down, retries exactly when each wait
    /// ends (never before), keeps the good results throughout, and shows the results once one gets through.
    @Test @MainActor func burstOf429sRetriesOnlyWhenEachWaitEnds() async throws {
        let harness = try LiveSearchHarness { request, index in
            switch index {
            case 0: Self.results(Self.good)
            case 1...3: Self.limited(retryAfter: 2)
            default: Self.results(Self.next)
            }
        }
        defer { harness.shutdown() }
        harness.send(.queryEdited("good"), at: 0)
        harness.send(.queryEdited("burst"), at: 1000)

        #expect(await harness.run(until: 10_000))

        func limited(_ seconds: Int) -> SearchState {
            state("burst", .rateLimited(secondsLeft: seconds), Self.good, total: 2, remaining: 0, resultsFor: "good")
        }
        let waiting = state("burst", .loading, Self.good, total: 2, remaining: 0, resultsFor: "good")
        #expect(
            harness.states == SearchFaultTests.statesUntilAnswer(to: "burst", remaining: 9) + [
                .next(1300, limited(2)), .next(2300, limited(1)),
                .next(3300, waiting), .next(3300, limited(2)), .next(4300, limited(1)),
                .next(5300, waiting), .next(5300, limited(2)), .next(6300, limited(1)),
                .next(7300, waiting),
                .next(7300, state("burst", .loaded, Self.next, total: 1, remaining: 9)),
            ])
        #expect(harness.requestTicks == [300, 1300, 3300, 5300, 7300])
        // The list still shows the first query's results, and says so.
        #expect(SearchFaultTests.statusBar(limited(2)).hasPrefix("results for “good” — rate limited — retry in 2 s"))
    }

    /// Typing a new query while a 429's `Retry-After: 5` runs sends nothing until the wait is over; the
    /// countdown then belongs to the new query (the screen shows it and keeps counting down), and the new
    /// query is sent once, after the gate opened.
    @Test @MainActor func typingDuringTheWaitSendsNothingUntilTheGateOpens() async throws {
        let harness = try LiveSearchHarness { request, _ in
            switch SearchFaultTests.query(of: request) {
            case "good": Self.results(Self.good)
            case "later": Self.results(Self.next)
            default: Self.limited(retryAfter: 5)
            }
        }
        defer { harness.shutdown() }
        harness.send(.queryEdited("good"), at: 0)
        harness.send(.queryEdited("burst"), at: 1000)  // sent at 1300 → 429: gate closed until 6300
        harness.type("later", at: 2000)  // 2000 … 2120, settles at 2420

        #expect(await harness.run(until: 10_000))

        func limited(_ query: String, _ seconds: Int) -> SearchState {
            state(query, .rateLimited(secondsLeft: seconds), Self.good, total: 2, remaining: 0, resultsFor: "good")
        }
        #expect(
            harness.states == SearchFaultTests.statesUntilAnswer(to: "burst", remaining: 9) + [
                .next(1300, limited("burst", 5)), .next(2300, limited("burst", 4)),
                // 3.88 s are left at 2420: the new query counts down from 4 and is sent at 6420.
                .next(2420, limited("later", 4)), .next(3420, limited("later", 3)),
                .next(4420, limited("later", 2)), .next(5420, limited("later", 1)),
                .next(6420, state("later", .loading, Self.good, total: 2, remaining: 0, resultsFor: "good")),
                .next(6420, state("later", .loaded, Self.next, total: 1, remaining: 9)),
            ])
        #expect(harness.requestTicks == [300, 1300, 6420])
    }

    /// 429s without any hint: GitHub's backoff, 60 s and then 120 s, in virtual time; nothing is sent while
    /// waiting, and the results come once a request gets through.
    @Test @MainActor func limitsWithoutAHintBackOffSixtyThenOneHundredTwentySeconds() async throws {
        let harness = try LiveSearchHarness { _, index in
            switch index {
            case 0: Self.results(Self.good)
            case 1, 2: .json(#"{"message": "slow down"}"#, status: 429)
            default: Self.results(Self.next)
            }
        }
        defer { harness.shutdown() }
        harness.send(.queryEdited("good"), at: 0)
        harness.send(.queryEdited("burst"), at: 1000)

        #expect(await harness.run(until: 300_000))

        #expect(harness.requestTicks == [300, 1300, 61_300, 181_300])
        let countdowns = harness.states.compactMap { recorded -> Int? in
            guard case .rateLimited(let seconds)? = recorded.value.element?.phase else { return nil }
            return seconds
        }
        #expect(countdowns == Array((1...60).reversed()) + Array((1...120).reversed()))
        #expect(harness.lastState == state("burst", .loaded, Self.next, total: 1, remaining: 9))
        #expect(harness.states.last?.time == 181_300)
    }
}
