import Testing

@testable import SearchDemo

/// One-line user-facing texts for every ``SearchError``.
@Suite struct SearchErrorUserMessageTests {
    @Test(arguments: [
        (SearchError.rateLimited(retryAfter: 42, message: "API rate limit exceeded"), "rate limited — retry in 42 s"),
        (.rateLimited(retryAfter: nil, message: nil), "rate limited — retry later"),
        (
            .validationFailed(message: "The listed users cannot be searched"),
            "validation failed: The listed users cannot be searched"
        ),
        (.httpStatus(code: 500, message: "Server Error"), "HTTP 500: Server Error"),
        (.httpStatus(code: 502, message: nil), "HTTP 502"),
        (.httpStatus(code: 502, message: ""), "HTTP 502"),
        (.malformedResponse(detail: "missing field items"), "malformed response: missing field items"),
        (.unreachable(detail: "cannot resolve api.github.com"), "GitHub unreachable: cannot resolve api.github.com"),
        (.timedOut, "request timed out"),
        (.queryTooLong(length: 300), "query too long (300 characters, max 256)"),
        (.cancelled, "cancelled"),
        (.httpStatus(code: 400, message: "line one\r\nline two\nthree"), "HTTP 400: line one line two three"),
    ])
    func namesTheProblemOnOneLine(error: SearchError, text: String) {
        #expect(error.userMessage == text)
    }

    @Test func longServerTextIsShortened() {
        let message = SearchError.validationFailed(message: String(repeating: "x", count: 500)).userMessage
        #expect(message == "validation failed: " + String(repeating: "x", count: 199) + "…")
    }
}
