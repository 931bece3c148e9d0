import Foundation

/// Decides whether a 403/429 response is GitHub's rate limit, and how long to wait.
///
/// Follows GitHub's "rate limits for the REST API" guide: 429 is always a limit; 403 is one when
/// `x-ratelimit-remaining` is 0, when `retry-after` is present, or when the message says "rate limit"
/// (secondary limits). The wait is `retry-after` seconds, else the time until `x-ratelimit-reset` when the
/// remaining count is 0, else unknown (`nil`).
struct RateLimitPolicy: Sendable {
    /// The clock reading used against `x-ratelimit-reset`.
    let now: Date

    /// The rate-limit error for this response, or `nil` when it is not a rate limit.
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - header: Case-insensitive header lookup.
    ///   - message: The body's `message`, when it had one.
    func error(status: Int, header: (String) -> String?, message: String?) -> SearchError? {
        let retryAfter = header("retry-after")
        let remaining = header("x-ratelimit-remaining").flatMap(Self.integer)
        let mentionsLimit = message?.range(of: "rate limit", options: .caseInsensitive) != nil
        let isLimit = status == 429 || (status == 403 && (remaining == 0 || retryAfter != nil || mentionsLimit))
        guard isLimit else { return nil }
        let seconds = wait(retryAfter: retryAfter.flatMap(Self.integer), remaining: remaining, header: header)
        return .rateLimited(retryAfter: seconds, message: message)
    }

    private func wait(retryAfter: Int?, remaining: Int?, header: (String) -> String?) -> Int? {
        if let retryAfter { return max(0, retryAfter) }
        guard remaining == 0, let reset = header("x-ratelimit-reset").flatMap(Self.integer) else { return nil }
        let seconds = (Double(reset) - now.timeIntervalSince1970).rounded(.up)
        return seconds > 0 ? Int(min(seconds, Double(Int32.max))) : 0
    }

    private static func integer(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespaces))
    }
}
