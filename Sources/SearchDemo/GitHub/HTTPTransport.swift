import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one request through `URLSession` under an overall deadline and translates transport failures
/// into ``SearchError``.
///
/// The deadline is enforced here rather than by `URLRequest.timeoutInterval` alone: on Linux that interval is
/// truncated to whole seconds (0.5 s times out at once), and elsewhere it is an idle timeout, not a total one.
struct HTTPTransport: Sendable {
    /// The session that carries the request.
    let session: URLSession

    /// The response and its body. Task cancellation cancels the `URLSession` task.
    ///
    /// - Parameter timeout: Seconds until ``SearchError/timedOut``; non-positive or infinite means none.
    func send(_ request: URLRequest, timeout: TimeInterval) async throws(SearchError) -> (Data, HTTPURLResponse) {
        guard !Task.isCancelled else { throw .cancelled }
        let session = self.session
        let result: (Data, URLResponse)
        do {
            result = try await withThrowingTaskGroup(of: (Data, URLResponse).self) { group in
                group.addTask { try await session.data(for: request) }
                if timeout > 0 && timeout.isFinite {
                    group.addTask {
                        try await Task.sleep(for: .seconds(timeout))
                        throw SearchError.timedOut
                    }
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw SearchError.cancelled }
                return first
            }
        } catch {
            throw Self.searchError(for: error)
        }
        guard !Task.isCancelled else { throw .cancelled }
        guard let response = result.1 as? HTTPURLResponse else {
            throw .malformedResponse(detail: "not an HTTP response")
        }
        return (result.0, response)
    }

    /// The ``SearchError`` a transport failure means.
    ///
    /// On Linux libcurl reports a body shorter than its `Content-Length`, or an unparsable head, as
    /// `URLError.unknown` with its own text ("transfer closed with 900 bytes remaining to read"); that becomes
    /// ``SearchError/malformedResponse(detail:)`` with the text, since the server did answer.
    static func searchError(for error: any Error) -> SearchError {
        if let error = error as? SearchError { return error }
        if error is CancellationError { return .cancelled }
        guard let error = error as? URLError else { return .unreachable(detail: "network error") }
        let host = error.failingURL.flatMap(Self.hostAndPort) ?? "host"
        switch error.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .cannotConnectToHost: return .unreachable(detail: "cannot connect to \(host)")
        case .cannotFindHost, .dnsLookupFailed: return .unreachable(detail: "cannot resolve \(host)")
        case .networkConnectionLost: return .unreachable(detail: "connection to \(host) lost")
        case .notConnectedToInternet: return .unreachable(detail: "no network connection")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
            return .unreachable(detail: "secure connection to \(host) failed")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
            return .malformedResponse(detail: "unreadable HTTP response")
        case .unknown:
            let text = (error.userInfo[NSLocalizedDescriptionKey] as? String).map { String($0.prefix(160)) }
            return .malformedResponse(detail: text ?? "incomplete HTTP response")
        default: return .unreachable(detail: "network error \(error.code.rawValue)")
        }
    }

    private static func hostAndPort(_ url: URL) -> String? {
        guard let host = url.host else { return nil }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
