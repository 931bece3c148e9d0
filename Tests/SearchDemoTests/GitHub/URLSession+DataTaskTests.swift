import Foundation
import Testing

@testable import SearchDemo

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The data-task bridge `HTTPTransport` uses instead of `data(for:)`, against a real server on 127.0.0.1.
@Suite struct URLSessionDataTaskTests {
    private let session = URLSession(configuration: .ephemeral)

    @Test func returnsTheBodyAndTheResponse() async throws {
        try await withLocalHTTPServer(answering: .json(#"{"ok": true}"#, status: 201)) { server in
            let (body, response) = try await session.dataTaskResponse(for: URLRequest(url: server.baseURL))
            #expect(String(decoding: body, as: UTF8.self) == #"{"ok": true}"#)
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
        }
    }

    @Test func anEmptyBodyIsEmptyData() async throws {
        try await withLocalHTTPServer(answering: LocalHTTPServer.Response(status: 204)) { server in
            let (body, response) = try await session.dataTaskResponse(for: URLRequest(url: server.baseURL))
            #expect(body.isEmpty)
            #expect((response as? HTTPURLResponse)?.statusCode == 204)
        }
    }

    @Test func cancellingTheCallerCancelsTheRequest() async throws {
        try await withLocalHTTPServer(answering: LocalHTTPServer.Response(delay: 60)) { server in
            let session = self.session
            let request = URLRequest(url: server.baseURL)
            let task = Task { try await session.dataTaskResponse(for: request) }
            // Generous: under ThreadSanitizer, with every suite running in parallel, the task that
            // starts the request waited more than 30 s for a thread of the cooperative pool.
            #expect(await server.waitForRequest(timeout: 120))
            task.cancel()
            let error = await #expect(throws: URLError.self) { try await task.value }
            #expect(error?.code == .cancelled)
            #expect(await server.waitForClientHangUp(timeout: 120))
        }
    }

    @Test func aCallerCancelledBeforeTheRequestStartsNeverWaitsForTheServer() async throws {
        try await withLocalHTTPServer(answering: LocalHTTPServer.Response(delay: 60)) { server in
            let session = self.session
            let request = URLRequest(url: server.baseURL)
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }  // cancelled before the data task exists
                return try await session.dataTaskResponse(for: request)
            }
            let error = await #expect(throws: URLError.self) { try await task.value }
            #expect(error?.code == .cancelled)
        }
    }
}
