import Foundation
import Testing

@testable import SearchDemo

/// Which 403/429 responses are rate limits, and the wait each one asks for.
@Suite struct RateLimitPolicyTests {
    private let policy = RateLimitPolicy(now: Date(timeIntervalSince1970: 1_700_000_000.25))

    private func error(_ status: Int, _ headers: [String: String], message: String? = nil) -> SearchError? {
        policy.error(status: status, header: { headers[$0] }, message: message)
    }

    @Test func resetIsRoundedUpFromAFractionalNow() {
        let headers = ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000010"]
        #expect(error(403, headers) == .rateLimited(retryAfter: 10, message: nil))
    }

    @Test func unparsableRetryAfterStillMarksALimitAndFallsBackToReset() {
        let headers = ["retry-after": "soon", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000005"]
        #expect(error(403, headers) == .rateLimited(retryAfter: 5, message: nil))
        #expect(error(403, ["retry-after": "soon"]) == .rateLimited(retryAfter: nil, message: nil))
    }

    @Test func negativeRetryAfterIsClampedToZero() {
        #expect(error(429, ["retry-after": "-5"]) == .rateLimited(retryAfter: 0, message: nil))
    }

    @Test func messageMatchIsCaseInsensitive() {
        #expect(
            error(403, [:], message: "API Rate Limit exceeded")
                == .rateLimited(retryAfter: nil, message: "API Rate Limit exceeded"))
    }

    @Test func onlyForbiddenAndTooManyRequestsAreLimits() {
        let headers = ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000010", "retry-after": "3"]
        #expect(error(401, headers, message: "rate limit") == nil)
        #expect(error(500, headers) == nil)
        #expect(error(403, ["x-ratelimit-remaining": "1"], message: "Forbidden") == nil)
        #expect(error(429, [:]) == .rateLimited(retryAfter: nil, message: nil))
    }
}
