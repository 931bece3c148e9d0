import Foundation
import Streams
import StreamsTest
import XCTest

@testable import SearchDemo

/// A server that accepts and never answers, end to end through the real controller and model (see
/// ``LiveSearchHarness``). The client's own timeout is real time, so this is an XCTest case: it runs alone,
/// before Swift Testing's parallel phase (see ``RealClockTests``). The timeout is short and bounds generous.
final class SearchTimeoutEndToEndTests: XCTestCase {
    @MainActor
    func testSilentServerTimesOutSaysSoKeepsResultsAndTheNextQueryWorks() async throws {
        let harness = try LiveSearchHarness(timeout: 0.5) { request, _ in
            switch SearchFaultTests.query(of: request) {
            case "good": .json(SearchFaultTests.body(SearchFaultTests.good))
            case "next": .json(SearchFaultTests.body(SearchFaultTests.next))
            default: LocalHTTPServer.Response(delivery: .never)
            }
        }
        defer { harness.shutdown() }
        let good = SearchFaultTests.good
        harness.send(.queryEdited("good"), at: 0)
        harness.send(.queryEdited("silent"), at: 1000)
        harness.send(.queryEdited("next"), at: 2000)

        var answered = await harness.run(until: 1000)
        let stopwatch = Stopwatch()
        answered = await harness.run(until: 1999) && answered
        let elapsed = stopwatch.elapsed
        answered = await harness.run(until: 3000) && answered

        XCTAssertTrue(answered)
        XCTAssertGreaterThanOrEqual(elapsed, 0.45)
        XCTAssertLessThan(elapsed, 30)
        XCTAssertEqual(
            harness.states,
            [
                .next(0, state()),
                .next(300, state("good", .loading)),
                .next(300, state("good", .loaded, good, total: 2)),
                .next(1300, state("silent", .loading, good, total: 2, resultsFor: "good")),
                .next(1300, state("silent", .loaded, good, total: 2, error: "request timed out", resultsFor: "good")),
                .next(2300, state("next", .loading, good, total: 2, resultsFor: "good")),
                .next(2300, state("next", .loaded, SearchFaultTests.next, total: 1)),
            ])
        XCTAssertEqual(harness.requestTicks, [300, 1300, 2300])
        XCTAssertEqual(SearchFaultTests.statusBar(harness.states[4].value.element), "request timed out")
        let hungUp = await harness.server.waitForClientHangUp(timeout: 30)
        XCTAssertTrue(hungUp, "the client closed the silent connection")
    }
}
