import Foundation
import XCTest

@testable import SearchDemo

/// The few tests that are about the real clock: the client's timeout, prompt cancellation, and
/// `--query` failing at once on a rate limit instead of waiting it out.
///
/// They are XCTest cases on purpose: `swift test` runs XCTest first, one test at a time, before
/// Swift Testing's parallel phase. Running alone, their timings do not depend on how busy the
/// two-core machine's cooperative thread pool is with other tests. Bounds stay generous anyway.
final class RealClockTests: XCTestCase {
    private func client(_ server: LocalHTTPServer, timeout: TimeInterval) -> GitHubClient {
        GitHubClient(baseURL: server.baseURL, userAgent: "streams-search-demo/test", timeout: timeout)
    }

    func testSilentServerTimesOutAfterTheClientTimeout() async throws {
        try await withLocalHTTPServer(answering: LocalHTTPServer.Response(delivery: .never)) { server in
            let stopwatch = Stopwatch()
            do {
                _ = try await client(server, timeout: 0.5).search(SearchRequest(query: "swift"))
                XCTFail("expected a timeout")
            } catch let error as SearchError {
                XCTAssertEqual(error, .timedOut)
            }
            XCTAssertGreaterThanOrEqual(stopwatch.elapsed, 0.45)
            XCTAssertLessThan(stopwatch.elapsed, 30)
            let hungUp = await server.waitForClientHangUp(timeout: 30)
            XCTAssertTrue(hungUp)
        }
    }

    func testCancellingTheTaskCancelsTheRequestPromptly() async throws {
        try await withLocalHTTPServer(answering: LocalHTTPServer.Response(delay: 60)) { server in
            let client = client(server, timeout: 120)
            let task = Task { try await client.search(SearchRequest(query: "slow")) }
            let requested = await server.waitForRequest(timeout: 30)
            XCTAssertTrue(requested)
            let stopwatch = Stopwatch()
            task.cancel()
            let result = await task.result
            XCTAssertLessThan(stopwatch.elapsed, 30)
            XCTAssertThrowsError(try result.get()) { error in
                XCTAssertEqual(error as? SearchError, .cancelled)
            }
            let hungUp = await server.waitForClientHangUp(timeout: 30)
            XCTAssertTrue(hungUp)
        }
    }

    func testQueryModeFailsAtOnceOnARateLimit() async throws {
        // The reset is an hour away: waiting it out would blow far past the bound below.
        let reset = Int(Date().timeIntervalSince1970) + 3600
        try await withLocalHTTPServer(
            answering: .json(
                #"{"message": "API rate limit exceeded"}"#, status: 403,
                headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "\(reset)")]
            )
        ) { server in
            let started = Date()
            let captured = CapturedOutput()
            let status = await SearchDemoCommand.run(
                arguments: ["--query", "q", "--api-url", server.baseURL.absoluteString], environment: [:],
                output: captured.output)
            XCTAssertEqual(status, 1)
            XCTAssertEqual(captured.stdout, "")
            let last = captured.stderr.split(separator: "\n").last.map(String.init) ?? ""
            XCTAssertTrue(last.hasPrefix("search-demo: rate limited — retry in "), last)
            XCTAssertLessThan(Date().timeIntervalSince(started), 30)
            XCTAssertEqual(server.requests.count, 1)
        }
    }
}
