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
                group.addTask { try await session.dataTaskResponse(for: request) }
                if timeout > 0 && timeout.isFinite {
                    group.addTask {
                        // At most about 31 years, so the nanoseconds cannot overflow.
                        try await Task.sleep(nanoseconds: UInt64(min(timeout, 1e9) * 1e9))
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
    /// On Linux libcurl reports several failures as `URLError.unknown` with only its own text: a body shorter
    /// than its `Content-Length` ("transfer closed with 900 bytes remaining to read") and a failed TLS handshake
    /// (OpenSSL's "wrong version number" for `https://` against a plain-HTTP port). That text decides the kind;
    /// it is kept as the failure's detail, never shown as the message.
    static func searchError(for error: any Error) -> SearchError {
        if let error = error as? SearchError { return error }
        if error is CancellationError { return .cancelled }
        guard let error = error as? URLError else {
            return .transport(TransportFailure(kind: .other, server: "the server", detail: "\(error)"))
        }
        let server = error.failingURL.flatMap(Self.hostAndPort) ?? "the server"
        let text = error.userInfo[NSLocalizedDescriptionKey] as? String
        let detail = (text.map { "\($0.prefix(300)) " } ?? "") + "(URL error \(error.code.rawValue))"
        let kind: TransportFailure.Kind
        switch error.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
            return .malformedResponse(detail: "unreadable HTTP response")
        case .cannotConnectToHost: kind = .refused
        case .cannotFindHost, .dnsLookupFailed: kind = .hostNotFound
        case .networkConnectionLost: kind = .connectionLost
        case .notConnectedToInternet: kind = .noNetwork
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            kind = .secureConnectionFailed
        case .unknown: kind = Self.kind(ofLibcurlText: text ?? "")
        default: kind = .other
        }
        return .transport(TransportFailure(kind: kind, server: server, detail: detail))
    }

    /// The kind of failure libcurl's own text describes.
    private static func kind(ofLibcurlText text: String) -> TransportFailure.Kind {
        if text.hasPrefix("transfer closed") || text.contains("end of response") { return .cutShort }
        if text.contains("SSL") || text.contains("TLS") || text.contains("certificate") {
            return .secureConnectionFailed
        }
        return .other
    }

    private static func hostAndPort(_ url: URL) -> String? {
        guard let host = url.host else { return nil }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
