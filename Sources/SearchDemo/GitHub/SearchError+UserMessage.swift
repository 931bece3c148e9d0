extension SearchError {
    /// One plain line for the user naming the problem, e.g. "rate limited — retry in 42 s",
    /// "cannot connect to 127.0.0.1:8080 (connection refused)" or "HTTP 500: Server Error".
    ///
    /// Server-provided text is made terminal-safe (``TerminalSafeText``) and shortened to 200 characters;
    /// numbers and durations are written with ``Wording``.
    var userMessage: String {
        switch self {
        case .rateLimited(let retryAfter?, _): "rate limited — retry in \(Wording.seconds(retryAfter))"
        case .rateLimited(nil, _): "rate limited — retry later"
        case .validationFailed(let message): "validation failed: \(Self.serverText(message))"
        case .httpStatus(let code, let message?) where !message.isEmpty: "HTTP \(code): \(Self.serverText(message))"
        case .httpStatus(let code, _): "HTTP \(code)"
        case .malformedResponse(let detail): "malformed response: \(Self.serverText(detail))"
        case .transport(let failure): Self.sentence(for: failure)
        case .timedOut: "request timed out"
        case .queryTooLong(let length):
            "query too long (\(Wording.count(length, "character", "characters")), "
                + "max \(Wording.number(GitHubSearchEndpoint.maximumQueryLength)))"
        case .invalidQuery(let error): error.message
        case .cancelled: "cancelled"
        }
    }

    /// What the system said about a transport failure, or the server's message behind a rate limit: the
    /// detail `--verbose` and the `--json` error object add to ``userMessage``; `nil` when there is none.
    var detail: String? {
        switch self {
        case .transport(let failure): Self.serverText(failure.detail)
        case .rateLimited(_, let message?) where !message.isEmpty: Self.serverText(message)
        default: nil
        }
    }

    private static func sentence(for failure: TransportFailure) -> String {
        let server = TerminalSafeText.line(failure.server)
        switch failure.kind {
        case .refused: return "cannot connect to \(server) (connection refused)"
        case .hostNotFound: return "cannot find the server \(server) (try --offline)"
        case .connectionLost: return "the connection to \(server) was lost"
        case .noNetwork: return "no network connection (try --offline)"
        case .secureConnectionFailed: return "a secure (HTTPS) connection to \(server) failed"
        case .cutShort: return "the response from \(server) was cut short"
        case .other: return "cannot reach \(server)"
        }
    }

    /// `text` terminal-safe, on one line, and at most 200 characters.
    private static func serverText(_ text: String) -> String {
        let folded = TerminalSafeText.line(text)
        return folded.count > 200 ? folded.prefix(199) + "…" : folded
    }
}
