import Foundation
import Testing

@testable import SearchDemo

/// One-line user-facing texts for every ``SearchError``, and the detail kept for `--verbose`.
@Suite struct SearchErrorUserMessageTests {
    private static func transport(_ kind: TransportFailure.Kind) -> SearchError {
        .transport(TransportFailure(kind: kind, server: "127.0.0.1:8080", detail: "libcurl said so (URL error -1)"))
    }

    @Test(arguments: [
        (SearchError.rateLimited(retryAfter: 42, message: "API rate limit exceeded"), "rate limited — retry in 42 s"),
        (.rateLimited(retryAfter: 3_600, message: nil), "rate limited — retry in 3,600 s"),
        (.rateLimited(retryAfter: nil, message: nil), "rate limited — retry later"),
        (
            .validationFailed(message: "The listed users cannot be searched"),
            "validation failed: The listed users cannot be searched"
        ),
        (.httpStatus(code: 500, message: "Server Error"), "HTTP 500: Server Error"),
        (.httpStatus(code: 502, message: nil), "HTTP 502"),
        (.httpStatus(code: 502, message: ""), "HTTP 502"),
        (.malformedResponse(detail: "missing field items"), "malformed response: missing field items"),
        (transport(.refused), "cannot connect to 127.0.0.1:8080 (connection refused)"),
        (transport(.hostNotFound), "cannot find the server 127.0.0.1:8080 (try --offline)"),
        (transport(.connectionLost), "the connection to 127.0.0.1:8080 was lost"),
        (transport(.noNetwork), "no network connection (try --offline)"),
        (transport(.secureConnectionFailed), "a secure (HTTPS) connection to 127.0.0.1:8080 failed"),
        (transport(.cutShort), "the response from 127.0.0.1:8080 was cut short"),
        (transport(.other), "cannot reach 127.0.0.1:8080"),
        (.timedOut, "request timed out"),
        (.queryTooLong(length: 10_000), "query too long (10,000 characters, max 256)"),
        (.cancelled, "cancelled"),
        (.httpStatus(code: 400, message: "line one\r\nline two\nthree"), "HTTP 400: line one line two three"),
    ])
    func namesTheProblemOnOneLine(error: SearchError, text: String) {
        #expect(error.userMessage == text)
    }

    @Test func theSystemsWordsAreTheDetailNeverTheMessage() {
        #expect(Self.transport(.other).detail == "libcurl said so (URL error -1)")
        #expect(SearchError.rateLimited(retryAfter: 1, message: "slow down").detail == "slow down")
        #expect(SearchError.httpStatus(code: 500, message: "Server Error").detail == nil)
        #expect(SearchError.timedOut.detail == nil)
    }

    @Test func longServerTextIsShortened() {
        let message = SearchError.validationFailed(message: String(repeating: "x", count: 500)).userMessage
        #expect(message == "validation failed: " + String(repeating: "x", count: 199) + "…")
    }

    /// A server message carrying escape sequences, C1 controls and a bidi override cannot drive the terminal.
    @Test func serverTextIsTerminalSafe() {
        let hostile = SearchError.httpStatus(code: 500, message: "a\u{1B}]0;pwned\u{07}b\u{9B}2J\u{202E}c")
        #expect(hostile.userMessage == "HTTP 500: a\u{FFFD}]0;pwned\u{FFFD}b\u{FFFD}2J\u{FFFD}c")
    }

    /// A server that echoes the token back: every text of the error loses it.
    @Test func replacingTheTokenReachesEveryText() {
        let token = "MARKER-0123"
        let errors: [SearchError] = [
            .rateLimited(retryAfter: 1, message: "limit for MARKER-0123"),
            .validationFailed(message: "bad MARKER-0123"), .httpStatus(code: 401, message: "Bearer MARKER-0123"),
            .malformedResponse(detail: "MARKER-0123"),
            .transport(TransportFailure(kind: .other, server: "MARKER-0123", detail: "MARKER-0123")),
        ]
        for error in errors {
            let cleaned = error.replacingText(token, with: "[token]")
            // `range(of:)`, not `contains(_:)`, whose String overload needs macOS 13 / iOS 16.
            #expect("\(cleaned)".range(of: token) == nil)
            #expect(cleaned.userMessage.range(of: "[token]") != nil || cleaned.detail?.range(of: "[token]") != nil)
        }
    }
}
