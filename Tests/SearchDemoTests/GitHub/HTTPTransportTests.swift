import Foundation
import Testing

@testable import SearchDemo

/// Failures below HTTP, against a real server on 127.0.0.1: each becomes a ``TransportFailure`` of the right
/// kind, with the system's own words kept as the detail, never as the message.
@Suite struct HTTPTransportTests {
    private func client(_ server: LocalHTTPServer) -> GitHubClient {
        GitHubClient(baseURL: server.baseURL, userAgent: "streams-search-demo/0.1.0", timeout: 60)
    }

    /// The transport failure `search` threw, or `nil` if it threw something else or nothing.
    private func transportFailure(_ search: () async throws -> SearchPage) async -> TransportFailure? {
        do {
            _ = try await search()
        } catch SearchError.transport(let failure) {
            return failure
        } catch {}
        return nil
    }

    @Test func truncatedBodyIsCutShortWithLibcurlsTextAsTheDetail() async throws {
        let response = LocalHTTPServer.Response(
            body: Data(repeating: 0x20, count: 1000), delivery: .truncated(bytes: 100))
        try await withLocalHTTPServer(answering: response) { server in
            let failure = await transportFailure { try await client(server).search(SearchRequest(query: "swift")) }
            #if os(Linux)
                #expect(
                    failure
                        == TransportFailure(
                            kind: .cutShort, server: "127.0.0.1:\(server.port)",
                            detail: "transfer closed with 900 bytes remaining to read (URL error -1)"))
            #else
                #expect(failure?.server == "127.0.0.1:\(server.port)")
            #endif
        }
    }

    @Test func connectionDroppedMidBodyIsALostConnection() async throws {
        let response = LocalHTTPServer.Response(
            body: Data(repeating: 0x20, count: 1000), delivery: .dropped(bytes: 100))
        try await withLocalHTTPServer(answering: response) { server in
            let failure = await transportFailure { try await client(server).search(SearchRequest(query: "swift")) }
            #expect(failure?.kind == .connectionLost)
            #expect(failure?.server == "127.0.0.1:\(server.port)")
            #expect(failure?.detail.hasSuffix("(URL error -1005)") == true, "\(String(describing: failure))")
        }
    }

    /// `https://` against a plain-HTTP server: OpenSSL's complaint is the detail, not the message.
    @Test func httpsAgainstAPlainHTTPServerIsAFailedSecureConnection() async throws {
        try await withLocalHTTPServer(answering: LocalHTTPServer.Response(status: 400)) { server in
            let url = try #require(URL(string: "https://127.0.0.1:\(server.port)"))
            let client = GitHubClient(baseURL: url, userAgent: "test/1", timeout: 60)
            let failure = await transportFailure { try await client.search(SearchRequest(query: "swift")) }
            #expect(failure?.kind == .secureConnectionFailed)
            #expect(failure?.server == "127.0.0.1:\(server.port)")
            #expect(
                SearchError.transport(try #require(failure)).userMessage
                    == "a secure (HTTPS) connection to 127.0.0.1:\(server.port) failed")
        }
    }

    @Test func refusedConnectionIsRefused() async throws {
        try await LocalHTTPServer.withRefusingPort { port in
            let client = GitHubClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, userAgent: "test/1")
            let failure = await transportFailure { try await client.search(SearchRequest(query: "swift")) }
            #expect(failure?.kind == .refused)
            #expect(failure?.server == "127.0.0.1:\(port)")
            #expect(failure?.detail.hasSuffix("(URL error -1004)") == true, "\(String(describing: failure))")
        }
    }
}
