import Foundation
import Streams
import StreamsMVC

/// How a `--query` run ended.
enum QueryOutcome: Sendable, Equatable {
    /// The search succeeded: up to `limit` repositories, in result order.
    case results([Repository])
    /// The search failed.
    case failed(QueryFailure)
}

/// Why a `--query` run failed: one line for the user and, when the system said more, the detail.
struct QueryFailure: Sendable, Equatable {
    /// One line naming the problem (``SearchError/userMessage``).
    let message: String
    /// What the system said (``SearchError/detail``), shown with `--verbose` and in the `--json` error object.
    var detail: String?
}

/// `--query` mode: the app's own ``SearchController`` and ``SearchModel`` without the terminal UI.
///
/// A ``QueryModeView`` stands in for the terminal view: it types the query once, then asks for the
/// next page (like pressing End) until `limit` results are loaded, the results end, or the API's
/// 1,000-result cap is reached. It never waits out a rate limit: the first countdown state ends the
/// run with a failure, and so does an error message in the state. The backend is wrapped in a
/// ``FailureRecorder``, so a failure carries the detail of the error behind it.
enum QueryMode {
    /// Runs the search and calls `completion` exactly once, on `queue`.
    ///
    /// The returned disposable cancels the run (and any request in flight) without calling `completion`.
    static func run(
        options: CommandLineOptions, searching: any RepositorySearching, queue: DispatchQueue,
        completion: @escaping @Sendable (QueryOutcome) -> Void
    ) -> any Disposable {
        let (limit, sort, order) = (options.limit, options.sort, options.order)
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let recorder = FailureRecorder(searching)
        let controller = SearchController(
            searching: recorder, scheduler: scheduler, debounce: .milliseconds(0), perPage: min(max(limit, 1), 100),
            sort: sort, order: order, navigator: Navigator { _ in })
        let view = QueryModeView(query: options.query ?? "", limit: limit) { outcome in
            guard case .failed(var failure) = outcome, failure.detail == nil else { return completion(outcome) }
            failure.detail = recorder.lastError?.detail
            completion(.failed(failure))
        }
        let screen = combineModel(
            SearchModel(sort: sort, order: order), statefulController: controller, events: view.interact(),
            scheduler: scheduler,
            onUnhandledError: { error in
                view.finish(.failed(QueryFailure(message: "internal error", detail: "\(error)")))
            },
            bindStates: view.update(stateStream:))
        view.start()
        return screen
    }

    /// Runs the search and suspends until it ends (without blocking a thread).
    static func outcome(options: CommandLineOptions, searching: any RepositorySearching) async -> QueryOutcome {
        await withCheckedContinuation { continuation in
            let slot = RunSlot()
            let queue = DispatchQueue(label: "search-demo.query")
            slot.set(
                run(options: options, searching: searching, queue: queue) { outcome in
                    slot.dispose()
                    continuation.resume(returning: outcome)
                })
        }
    }

    /// Runs the search and waits for it on the calling thread (which must not be `queue`'s).
    static func runAndWait(options: CommandLineOptions, searching: any RepositorySearching) -> QueryOutcome {
        let done = DispatchSemaphore(value: 0)
        let result = OutcomeBox()
        let queue = DispatchQueue(label: "search-demo.query")
        let run = run(options: options, searching: searching, queue: queue) { outcome in
            result.set(outcome)
            done.signal()
        }
        done.wait()
        run.dispose()
        return result.get()
            ?? .failed(QueryFailure(message: "internal error", detail: "the run ended without an outcome"))
    }
}

/// The result slot of ``QueryMode/runAndWait(options:searching:)``.
private final class OutcomeBox: @unchecked Sendable {  // `outcome` guarded by `lock`
    private let lock = NSLock()
    private var outcome: QueryOutcome?

    func set(_ value: QueryOutcome) {
        lock.lock()
        outcome = value
        lock.unlock()
    }

    func get() -> QueryOutcome? {
        lock.lock()
        defer { lock.unlock() }
        return outcome
    }
}

/// A backend that remembers the last ``SearchError`` it passed on, so a failed run can report its detail.
private final class FailureRecorder: RepositorySearching, @unchecked Sendable {  // `last` guarded by `lock`
    private let searching: any RepositorySearching
    private let lock = NSLock()
    private var last: SearchError?

    init(_ searching: any RepositorySearching) { self.searching = searching }

    /// The last error a search threw, if any.
    var lastError: SearchError? { lock.withLock { last } }

    func search(_ request: SearchRequest) async throws -> SearchPage {
        do {
            return try await searching.search(request)
        } catch let error as SearchError {
            lock.withLock { last = error }
            throw error
        }
    }
}

/// The disposable of a run, settable after the run started and disposable from any thread.
private final class RunSlot: @unchecked Sendable {  // `disposable` and `disposed` guarded by `lock`
    private let lock = NSLock()
    private var disposable: (any Disposable)?
    private var disposed = false

    func set(_ value: any Disposable) {
        lock.lock()
        let dispose = disposed
        if !dispose { disposable = value }
        lock.unlock()
        if dispose { value.dispose() }
    }

    func dispose() {
        lock.lock()
        let value = disposable
        disposable = nil
        disposed = true
        lock.unlock()
        value?.dispose()
    }
}
