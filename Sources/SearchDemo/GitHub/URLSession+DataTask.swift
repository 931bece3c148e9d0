import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// The body and response of `request`, as `data(for:)` returns them, on every platform the package
    /// supports: `data(for:)` needs macOS 12 / iOS 15, so this bridges a data task to `async` instead.
    ///
    /// Cancelling the calling task cancels the data task, which then fails with `URLError.cancelled`. The
    /// session's delegate sees the task as it sees any other (redirects included).
    func dataTaskResponse(for request: URLRequest) async throws -> (Data, URLResponse) {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// The data task of one request, which the caller's cancellation may reach before the task exists.
private final class DataTaskHandle: @unchecked Sendable {  // `task` and `isCancelled` are guarded by `lock`
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    /// Resumes `task`, and cancels it at once when the caller was cancelled first.
    func start(_ task: URLSessionDataTask) {
        let cancelledFirst = lock.withLock {
            self.task = task
            return isCancelled
        }
        task.resume()
        if cancelledFirst { task.cancel() }
    }

    /// Cancels the task, or marks it to be cancelled when it starts.
    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}
