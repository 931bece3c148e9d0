import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the token (`GITHUB_TOKEN`) may go: only to the origin of the API URL (its scheme, host and port),
/// and only over HTTPS unless that origin is this machine, where tests run their stand-in servers.
///
/// ``GitHubClient`` attaches the token to its own requests only when ``refusal(for:)`` allows it, and its
/// session's ``CrossOriginRedirectGuard`` takes it off any redirect that leaves the origin; the command line
/// refuses a token with a plain-HTTP, non-loopback `--api-url` before anything is sent.
enum TokenScope {
    /// Why a token may not be sent to `url`, as one line, or `nil` when it may.
    static func refusal(for url: URL) -> String? {
        if url.scheme?.lowercased() == "https" || isLoopback(url) { return nil }
        return "GITHUB_TOKEN is sent only over https, and --api-url \(url.absoluteString) is plain http "
            + "(use https, or unset GITHUB_TOKEN)"
    }

    /// Whether `url`'s host is this machine: `localhost`, an IPv4 address in 127.0.0.0/8, or `::1`.
    static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }

    /// Whether `first` and `second` have the same origin: scheme and host (case-insensitive) and port
    /// (the scheme's default port when none is written).
    static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            return (scheme, host, port)
        }
        guard let first = origin(first), let second = origin(second) else { return false }
        return first == second
    }
}

/// The session delegate that keeps the token at its origin: a redirect to another origin is followed
/// without the `Authorization` header (as curl and the GitHub CLI do); a redirect within the origin keeps it.
///
/// It is the session's delegate, not a per-task one: FoundationNetworking on Linux does not ask a task's own
/// delegate about redirects.
final class CrossOriginRedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    /// Follows `request`, without `Authorization` when it leaves the origin of the task's first request.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.redirect(request, from: task.originalRequest?.url))
    }

    /// `request` as it may be sent after a redirect from `origin`.
    static func redirect(_ request: URLRequest, from origin: URL?) -> URLRequest {
        guard let target = request.url, let origin, TokenScope.isSameOrigin(origin, target) else {
            var stripped = request
            stripped.setValue(nil, forHTTPHeaderField: "Authorization")
            return stripped
        }
        return request
    }
}
