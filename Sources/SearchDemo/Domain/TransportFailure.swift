/// Why a request got no complete HTTP answer, in the terms ``SearchError/userMessage`` explains to the user,
/// with the system's own words kept apart for `--verbose` and the `--json` error object.
public struct TransportFailure: Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// Nothing accepted the connection.
        case refused
        /// The host name did not resolve.
        case hostNotFound
        /// The connection broke while the request or the response was under way.
        case connectionLost
        /// The machine has no network.
        case noNetwork
        /// The TLS handshake failed (for example `https://` against a plain-HTTP port).
        case secureConnectionFailed
        /// The server closed the connection before the whole response arrived.
        case cutShort
        /// Anything else below HTTP.
        case other
    }

    /// What went wrong.
    public var kind: Kind
    /// The server as `host` or `host:port`.
    public var server: String
    /// The system's own description (libcurl's or OpenSSL's text, the error code), for diagnostics.
    public var detail: String
}
