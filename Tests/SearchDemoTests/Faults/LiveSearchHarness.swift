import Foundation
import Streams
import StreamsMVC
import StreamsTest

@testable import SearchDemo

/// The search screen over the real stack: the live ``GitHubClient`` talking HTTP to a ``LocalHTTPServer``,
/// wired through `SearchController(searching:)` and ``SearchModel`` into a ``RecordingView`` with
/// `combineModel`.
///
/// Debounce, rate-limit countdown and gate run in virtual time (1 tick = 1 ms); only HTTP is real.
/// ``run(until:)`` never moves the virtual clock while a request is out (the view's last state is loading):
/// it waits in real time, without blocking a thread, for the answer to reach the view at the tick the
/// request left. So the ticks in the recorded states and in ``requestTicks`` are exact.
@MainActor
final class LiveSearchHarness: ScriptedSearchScreen {
    /// The request handler: the request and its 0-based index among all requests the server received.
    typealias Handler = @Sendable (LocalHTTPServer.Request, Int) -> LocalHTTPServer.Response

    /// What the server received, with the virtual tick at which each request arrived.
    final class RequestLog: @unchecked Sendable {  // `ticks` guarded by `lock`
        private let lock = NSLock()
        private var ticks: [Int] = []

        /// Appends `tick`; returns the request's index.
        func record(_ tick: Int) -> Int {
            lock.withLock {
                ticks.append(tick)
                return ticks.count - 1
            }
        }

        var all: [Int] { lock.withLock { ticks } }
    }

    let scheduler: TestScheduler
    let view: RecordingView
    let server: LocalHTTPServer
    let screen: any Disposable
    private let log: RequestLog

    /// Starts a server answering with `handler` and a screen whose client times out after `timeout` seconds.
    ///
    /// The bounds are generous on purpose: a request starts on the cooperative thread pool, which other
    /// tests running in parallel can keep busy for tens of seconds under ThreadSanitizer. Only a test
    /// about the timeout itself (an XCTest under `RealClock/`) passes a short one.
    init(timeout: TimeInterval = 120, handler: @escaping Handler) throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let log = RequestLog()
        let server = try LocalHTTPServer { request in handler(request, log.record(scheduler.clock)) }
        let client = GitHubClient(baseURL: server.baseURL, userAgent: "streams-search-demo/test", timeout: timeout)
        let view = RecordingView(scheduler: scheduler)
        let controller = SearchController(
            searching: client, scheduler: scheduler, debounce: .milliseconds(300), navigator: Navigator { _ in })
        screen = combineModel(
            SearchModel(), withView: view, statefulController: controller, andUserInteractable: view,
            scheduler: scheduler)
        self.scheduler = scheduler
        self.view = view
        self.server = server
        self.log = log
    }

    /// The virtual tick at which each request reached the server, in order.
    var requestTicks: [Int] { log.all }

    /// The states the view received, with their ticks.
    var states: [Recorded<Event<SearchState>>] { view.states.events }

    /// The last state the view received.
    var lastState: SearchState? { states.last?.value.element }

    /// Runs virtual time to `time`, stopping the clock whenever a request is out until its answer arrived.
    ///
    /// - Returns: `false` if an answer did not arrive within `answerTimeout` real seconds (the clock then
    ///   moves on regardless, so a hang shows up as a failed expectation rather than a stuck test).
    @discardableResult
    func run(until time: Int, answerTimeout: Double = 120) async -> Bool {
        var answered = true
        while true {
            answered = await awaitAnswer(timeout: answerTimeout) && answered
            let clock = scheduler.clock
            guard let next = scheduler.pendingTimes.first(where: { $0 > clock }), next <= time else { break }
            scheduler.advanceTo(next)
        }
        scheduler.advanceTo(time)
        return await awaitAnswer(timeout: answerTimeout) && answered
    }

    /// Stops the screen (cancelling any request) and the server.
    func shutdown() {
        screen.dispose()
        server.shutdown()
    }

    private var isAwaitingAnswer: Bool {
        guard let phase = lastState?.phase else { return false }
        return phase == .loading || phase == .loadingNextPage
    }

    /// While a request is out, runs what is due at the current tick (the answer hops onto `scheduler`)
    /// and otherwise sleeps a little, until the view leaves the loading phase.
    private func awaitAnswer(timeout: Double) async -> Bool {
        let stopwatch = Stopwatch()
        while true {
            scheduler.advanceTo(scheduler.clock)
            guard isAwaitingAnswer else { return true }
            guard stopwatch.elapsed < timeout else { return false }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
    }
}
