extension SearchError {
    /// One line for the user naming the problem, e.g. "rate limited — retry in 42 s" or "HTTP 500: Server Error".
    ///
    /// Server-provided text is folded onto one line and shortened to 200 characters.
    public var userMessage: String {
        switch self {
        case .rateLimited(let retryAfter?, _): "rate limited — retry in \(retryAfter) s"
        case .rateLimited(nil, _): "rate limited — retry later"
        case .validationFailed(let message): "validation failed: \(Self.oneLine(message))"
        case .httpStatus(let code, let message?) where !message.isEmpty: "HTTP \(code): \(Self.oneLine(message))"
        case .httpStatus(let code, _): "HTTP \(code)"
        case .malformedResponse(let detail): "malformed response: \(Self.oneLine(detail))"
        case .unreachable(let detail): "GitHub unreachable: \(Self.oneLine(detail))"
        case .timedOut: "request timed out"
        case .queryTooLong(let length):
            "query too long (\(length) characters, max \(GitHubSearchEndpoint.maximumQueryLength))"
        case .cancelled: "cancelled"
        }
    }

    private static func oneLine(_ text: String) -> String {
        let folded = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return folded.count > 200 ? folded.prefix(199) + "…" : folded
    }
}
