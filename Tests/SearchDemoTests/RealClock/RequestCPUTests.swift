import Foundation
import XCTest

@testable import SearchDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a request costs while it waits for a slow server: the CPU time the whole process uses while the live
/// client waits 2 s for an answer. XCTest, so it runs alone (see ``RealClockTests``).
///
/// On Linux, FoundationNetworking's libcurl driver keeps a write-ready dispatch source on the socket while it
/// waits for the response, so its threads wake each other continuously (about 120,000 system calls a second)
/// until the answer comes: Docs/SearchDemo.md documents the figure. The test pins it: it fails if the spin
/// goes away (then the docs are out of date) or if more than one core is burnt.
final class RequestCPUTests: XCTestCase {
    func testCPUWhileARequestWaitsForASlowServer() async throws {
        let body = #"{"total_count": 0, "incomplete_results": false, "items": []}"#
        try await withLocalHTTPServer(answering: .json(body).delayed(by: 2)) { server in
            let client = GitHubClient(baseURL: server.baseURL, userAgent: "streams-search-demo/test", timeout: 60)
            let cpuBefore = Self.processCPUSeconds()
            let stopwatch = Stopwatch()
            _ = try await client.search(SearchRequest(query: "slow"))
            let wall = stopwatch.elapsed
            let share = (Self.processCPUSeconds() - cpuBefore) / wall
            let percent = Int((share * 100).rounded())
            print(
                "RequestCPUTests: \(percent)% of one core while waiting \(String(format: "%.2f", wall)) s for the answer"
            )
            XCTAssertGreaterThanOrEqual(wall, 1.9)
            #if os(Linux)
                XCTAssertGreaterThan(share, 0.1, "FoundationNetworking no longer spins: update Docs/SearchDemo.md")
            #endif
            XCTAssertLessThan(share, 1.5, "more than one core is busy while a request waits")
        }
    }

    /// User and system CPU time of the whole process so far, in seconds.
    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

extension LocalHTTPServer.Response {
    /// This response, sent `seconds` after the request arrived.
    fileprivate func delayed(by seconds: TimeInterval) -> Self {
        var response = self
        response.delay = seconds
        return response
    }
}
