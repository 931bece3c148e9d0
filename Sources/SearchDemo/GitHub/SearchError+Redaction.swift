import Foundation

extension SearchError {
    /// This error with every occurrence of `secret` in its texts (server messages, details) replaced by
    /// `replacement`: a server may echo the request's `Authorization` header back in an error message.
    func replacingText(_ secret: String, with replacement: String) -> SearchError {
        guard !secret.isEmpty else { return self }
        func clean(_ text: String) -> String { text.replacingOccurrences(of: secret, with: replacement) }
        switch self {
        case .rateLimited(let retryAfter, let message):
            return .rateLimited(retryAfter: retryAfter, message: message.map(clean))
        case .validationFailed(let message): return .validationFailed(message: clean(message))
        case .httpStatus(let code, let message): return .httpStatus(code: code, message: message.map(clean))
        case .malformedResponse(let detail): return .malformedResponse(detail: clean(detail))
        case .transport(var failure):
            failure.server = clean(failure.server)
            failure.detail = clean(failure.detail)
            return .transport(failure)
        case .timedOut, .queryTooLong, .invalidQuery, .cancelled: return self
        }
    }
}
