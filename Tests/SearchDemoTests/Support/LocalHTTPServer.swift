import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback-only HTTP/1.1 server for tests: one thread accepts, one thread per connection reads a request,
/// records it and answers from the test's handler. Every response closes its connection. Bytes that are not
/// HTTP (a TLS handshake from an `https://` client) get `400 Bad Request` at once, as from a real server.
final class LocalHTTPServer: @unchecked Sendable {  // mutable state (`received`, `stopping`) is guarded by `lock`
    /// One request as it arrived on the socket.
    struct Request: Sendable {
        /// The raw first line, e.g. `GET /search/repositories?q=x HTTP/1.1`.
        let requestLine: String
        /// `GET`, `POST`, …
        let method: String
        /// Path plus query exactly as sent (still percent-encoded).
        let target: String
        /// Header fields in arrival order, names as sent.
        let headers: [(name: String, value: String)]

        /// The value of the first header called `name` (case-insensitive), if any.
        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// How the server delivers a response.
    enum Delivery: Sendable {
        /// Head and whole body.
        case complete
        /// Head with the full `Content-Length`, only the first `bytes` of the body, then a normal close.
        case truncated(bytes: Int)
        /// Head, the first `bytes` of the body, then a reset (RST) of the connection.
        case dropped(bytes: Int)
        /// Nothing at all: keep the connection open until the client closes it or the server stops.
        case never
    }

    /// What the handler answers.
    struct Response: Sendable {
        var status = 200
        var headers: [(name: String, value: String)] = []
        var body = Data()
        /// Seconds to wait before answering; the wait ends early when the client hangs up.
        var delay: TimeInterval = 0
        var delivery = Delivery.complete

        /// A response with a UTF-8 JSON body and `content-type: application/json`.
        static func json(_ text: String, status: Int = 200, headers: [(name: String, value: String)] = []) -> Self {
            Self(status: status, headers: [("content-type", "application/json")] + headers, body: Data(text.utf8))
        }
    }

    /// Failure of a socket call while starting the server.
    struct SocketError: Error {
        let call: String
        let code: Int32
    }

    /// The ephemeral port bound on 127.0.0.1.
    let port: Int
    /// `http://127.0.0.1:<port>`.
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopping = false
    private let threads = DispatchGroup()
    private let requestArrived = DispatchSemaphore(value: 0)
    private let clientHungUp = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting.
    init(handler: @escaping @Sendable (Request) -> Response) throws {
        listener = try Self.boundSocket()
        port = try Self.localPort(of: listener)
        guard listen(listener, 16) == 0 else { throw Self.failure("listen", closing: listener) }
        self.handler = handler
        spawn { $0.acceptLoop() }
    }

    /// Requests received so far, in order.
    var requests: [Request] { lock.withLock { received } }

    /// Stops accepting, ends every connection thread (waits have a 50 ms tick) and closes the listener.
    func shutdown() {
        let first = lock.withLock {
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        threads.wait()
        close(listener)
    }

    /// Waits (off the cooperative pool) until a request arrives; `false` after `timeout` seconds.
    func waitForRequest(timeout: TimeInterval) async -> Bool { await wait(on: requestArrived, timeout: timeout) }

    /// Waits until a client closes a connection the server was still holding (delay or `.never`).
    func waitForClientHangUp(timeout: TimeInterval) async -> Bool { await wait(on: clientHungUp, timeout: timeout) }

    /// ``waitForClientHangUp(timeout:)`` for a synchronous test (one that drives tmux), blocking its thread: call
    /// it when the hang-up should already have happened, so it does not hold a thread of the shared pool long.
    func waitForClientHangUpBlocking(timeout: TimeInterval) -> Bool {
        clientHungUp.wait(timeout: .now() + timeout) == .success
    }

    /// Runs `body` with a port on 127.0.0.1 that refuses connections: a socket is bound to it but
    /// never listens, so a connection attempt is refused, and no other test's server can take the
    /// port while `body` runs (a port closed before use could be reused by a parallel test).
    static func withRefusingPort<Result>(_ body: (Int) async throws -> Result) async throws -> Result {
        let socket = try boundSocket()
        defer { close(socket) }
        return try await body(try localPort(of: socket))
    }

    private var isStopping: Bool { lock.withLock { stopping } }

    private func spawn(_ body: @escaping @Sendable (LocalHTTPServer) -> Void) {
        threads.enter()
        Thread { [self] in
            body(self)
            threads.leave()
        }.start()
    }

    private func wait(on semaphore: DispatchSemaphore, timeout: TimeInterval) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: semaphore.wait(timeout: .now() + timeout) == .success)
            }
        }
    }

    private func acceptLoop() {
        while !isStopping {
            guard Self.poll(listener, milliseconds: 50) else { continue }
            let client = accept(listener, nil, nil)
            if client >= 0 { spawn { $0.serve(client) } }
        }
    }

    private func serve(_ client: Int32) {
        var resetOnClose = false
        defer {
            if resetOnClose {
                var option = linger(l_onoff: 1, l_linger: 0)
                setsockopt(client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            }
            close(client)
        }
        guard let request = readRequest(client) else {
            _ = send(
                Data("HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".utf8), to: client)
            return
        }
        lock.withLock { received.append(request) }
        requestArrived.signal()
        let response = handler(request)
        if case .never = response.delivery {
            _ = holdOpen(client, until: .distantFuture)
            return
        }
        guard holdOpen(client, until: Date() + response.delay) else { return }
        var head = "HTTP/1.1 \(response.status) Status\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        if !response.headers.contains(where: { $0.name.lowercased() == "content-length" }) {
            head += "content-length: \(response.body.count)\r\n"
        }
        head += "connection: close\r\n\r\n"
        let body: Data
        switch response.delivery {
        case .complete, .never: body = response.body
        case .truncated(let bytes): body = response.body.prefix(bytes)
        case .dropped(let bytes):
            body = response.body.prefix(bytes)
            resetOnClose = true
        }
        _ = send(Data(head.utf8), to: client) && send(body, to: client)
    }

    /// Reads up to the blank line that ends the head (requests here have no body).
    private func readRequest(_ client: Int32) -> Request? {
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while !bytes.suffix(terminator.count).elementsEqual(terminator) {
            guard !isStopping, bytes.count < 65_536 else { return nil }
            guard Self.poll(client, milliseconds: 50) else { continue }
            let count = recv(client, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            bytes += chunk[0..<count]
            guard let first = bytes.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return nil }
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let parts = lines[0].split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3 else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Request(requestLine: lines[0], method: parts[0], target: parts[1], headers: headers)
    }

    /// Keeps the connection open until `deadline`; `false` (and a hang-up signal) when the client closed first.
    private func holdOpen(_ client: Int32, until deadline: Date) -> Bool {
        var scratch = [UInt8](repeating: 0, count: 512)
        while Date() < deadline && !isStopping {
            guard Self.poll(client, milliseconds: 50) else { continue }
            if recv(client, &scratch, scratch.count, 0) <= 0 {
                clientHungUp.signal()
                return false
            }
        }
        return !isStopping
    }

    private func send(_ data: Data, to client: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = Glibc.send(client, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    private static func poll(_ socket: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return Glibc.poll(&entry, 1, milliseconds) > 0
    }

    private static func boundSocket() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SocketError(call: "socket", code: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(INADDR_LOOPBACK).bigEndian
        address.sin_port = 0
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw failure("bind", closing: socket) }
        return socket
    }

    private static func localPort(of socket: Int32) throws -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard result == 0 else { throw failure("getsockname", closing: socket) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func failure(_ call: String, closing socket: Int32) -> SocketError {
        let error = SocketError(call: call, code: errno)
        close(socket)
        return error
    }
}

/// Runs `body` against a fresh server that answers every request with `response`, then shuts the server down.
@discardableResult
func withLocalHTTPServer<T>(
    answering response: LocalHTTPServer.Response, _ body: (LocalHTTPServer) async throws -> T
) async throws -> T {
    let server = try LocalHTTPServer { _ in response }
    defer { server.shutdown() }
    return try await body(server)
}
