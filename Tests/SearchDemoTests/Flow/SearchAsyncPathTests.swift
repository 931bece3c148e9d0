import Foundation
import Streams
import StreamsMVC
import StreamsMVCTest
import StreamsTest
import Testing

@testable import SearchDemo

/// The search screen through the controller's live path, `SearchController(searching:)`: each request
/// is the backend's `async` call wrapped in `Observable.fromAsync`, as in the app. The backend is an
/// async fake whose latency is a sleep on the test scheduler's `virtualClock`, so every request starts,
/// is cancelled and answers at an exact tick (1 tick = 1 ms), with no `Task.yield` and no real wait.
@MainActor @Suite struct SearchAsyncPathTests {
    nonisolated private static let swi = [repository(1, "swi")]
    nonisolated private static let sw = [repository(2, "sw"), repository(3, "sw")]
    nonisolated private static let rxs = [repository(4, "rxs")]

    /// The scenarios below, each with the backend calls it must make at their ticks.
    enum Scenario: String, CaseIterable, Sendable {
        /// A burst settles after the debounce; the request starts then and its page shows after the
        /// backend's latency; an edit that trims to the same query sends nothing.
        case typing
        /// A new query while a request is in flight cancels it: the backend's sleep throws
        /// `CancellationError` at the tick the new query settles, and the stale page never shows.
        case staleRequest
        /// Moving the selection onto the last row loads page 2 at that tick, sent from the key press.
        case pagination
        /// A rate-limited answer counts down one state per virtual second, then the request is retried
        /// and succeeds.
        case rateLimit
        /// The store disposes the screen at the end of the test (400, the answer due at 800): the
        /// request's sleep is cancelled at 400, and nothing is left scheduled or alive.
        case disposal

        /// The backend's calls, as `tick: query#page what`.
        var backend: [String] {
            switch self {
            case .typing: ["460: swi#1 sent", "660: swi#1 answered", "1300: sw#1 sent", "1400: sw#1 answered"]
            case .staleRequest: ["460: swi#1 sent", "900: swi#1 cancelled", "900: sw#1 sent", "1000: sw#1 answered"]
            case .pagination: ["300: q#1 sent", "310: q#1 answered", "400: q#2 sent", "410: q#2 answered"]
            case .rateLimit:
                ["300: rxs#1 sent", "400: rxs#1 rate-limited", "3400: rxs#1 sent", "3500: rxs#1 answered"]
            case .disposal: ["300: rxs#1 sent", "400: rxs#1 cancelled"]
            }
        }
    }

    /// Each scenario asserts every state the screen delivered (in ``run(_:)``) and calls the backend
    /// exactly at its ticks.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test(arguments: Scenario.allCases)
    func eachScenarioCallsTheBackendAtItsTicks(_ scenario: Scenario) {
        #expect(Self.run(scenario).backend == scenario.backend)
    }

    /// Every scenario above, 200 times in this process: each run records the same states and the
    /// same backend calls at the same ticks as the first.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func everyScenarioIsIdenticalOverTwoHundredRuns() {
        for scenario in Scenario.allCases {
            let first = Self.run(scenario)
            let differing = (1..<200).filter { _ in Self.run(scenario) != first }.count
            #expect(differing == 0, "\(scenario): \(differing) of 199 later runs differed from the first")
        }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
extension SearchAsyncPathTests {
    /// Runs `scenario`.
    static func run(_ scenario: Scenario) -> AsyncPathRun {
        switch scenario {
        case .typing: typing()
        case .staleRequest: staleRequest()
        case .pagination: pagination()
        case .rateLimit: rateLimit()
        case .disposal: disposal()
        }
    }

    /// Types "swi" (latency 200), waits for the page, backspaces to "sw" (latency 100), then types a
    /// trailing space.
    static func typing() -> AsyncPathRun {
        let screen = AsyncSearchScreenTest { request, _ in
            request.query == "swi"
                ? .page(SearchPage(totalCount: 1, items: swi, nextPage: nil), after: 200)
                : .page(SearchPage(totalCount: 2, items: sw, nextPage: nil, rateLimitRemaining: 9), after: 100)
        }
        return screen.run { store in
            store.receive(state(), at: 0)
            store.type("swi", at: 100)  // 100, 130, 160 → settles at 460
            store.advance(to: 1000)
            store.receive(state("swi", .loading), at: 460)
            store.receive(state("swi", .loaded, swi, total: 1), at: 660)
            store.send(.queryEdited("sw"))  // settles at 1300
            store.advance(to: 1500)
            store.receive(state("sw", .loading, swi, total: 1, resultsFor: "swi"), at: 1300)
            store.receive(state("sw", .loaded, sw, total: 2, remaining: 9), at: 1400)
            store.send(.queryEdited("sw "))  // trims to the same query: no request, no state
            store.advance(to: 2500)
        }
    }

    /// Types "swi" (latency 600), then backspaces to "sw" (latency 100) while "swi" is in flight.
    static func staleRequest() -> AsyncPathRun {
        let screen = AsyncSearchScreenTest { request, _ in
            request.query == "swi"
                ? .page(SearchPage(totalCount: 1, items: swi, nextPage: nil), after: 600)
                : .page(SearchPage(totalCount: 2, items: sw, nextPage: nil), after: 100)
        }
        return screen.run { store in
            store.receive(state(), at: 0)
            store.type("swi", at: 100)  // settles at 460; its answer would come at 1060
            store.advance(to: 600)
            store.receive(state("swi", .loading), at: 460)
            store.send(.queryEdited("sw"))  // settles at 900: "swi" is cancelled there
            store.advance(to: 2000)  // past 1060: the stale page never shows
            store.receive(state("sw", .loading), at: 900)
            store.receive(state("sw", .loaded, sw, total: 2), at: 1000)
        }
    }

    /// Two results a page (latency 10): moving onto the last row asks for page 2.
    static func pagination() -> AsyncPathRun {
        let screen = AsyncSearchScreenTest(perPage: 2) { request, _ in
            request.page == 1
                ? .page(SearchPage(totalCount: 5, items: [repository(1), repository(2)], nextPage: 2), after: 10)
                : .page(SearchPage(totalCount: 5, items: [repository(2), repository(3)], nextPage: 3), after: 10)
        }
        let one = [repository(1), repository(2)]
        let three = one + [repository(3)]
        return screen.run { store in
            store.search("q")  // page 1 at 300, loaded at 310
            store.receive(state("q", .loaded, one, total: 5, next: 2), at: 310)
            store.send(.moveSelection(by: 1))  // onto the last row → page 2, now
            store.receive(state("q", .loadingNextPage, one, total: 5, next: 2), at: 400)
            store.receive(state("q", .loadingNextPage, one, total: 5, next: 2, selection: 1), at: 400)
            store.advance(to: 500)
            store.receive(state("q", .loaded, three, total: 5, next: 3, selection: 1), at: 410)
        }
    }

    /// The first call is rate-limited after 100 ms (retry after 3 s); the retry succeeds after 100 ms.
    static func rateLimit() -> AsyncPathRun {
        let page = SearchPage(totalCount: 1, items: rxs, nextPage: nil, rateLimitRemaining: 29)
        let screen = AsyncSearchScreenTest { _, call in
            call == 1 ? .failure(.rateLimited(retryAfter: 3, message: nil), after: 100) : .page(page, after: 100)
        }
        return screen.run { store in
            store.receive(state(), at: 0)
            store.send(.queryEdited("rxs"))
            store.advance(to: 10_000)
            store.receive(state("rxs", .loading), at: 300)
            store.receive(state("rxs", .rateLimited(secondsLeft: 3), remaining: 0), at: 400)
            store.receive(at: 1400) { $0.phase = .rateLimited(secondsLeft: 2) }
            store.receive(at: 2400) { $0.phase = .rateLimited(secondsLeft: 1) }
            store.receive(at: 3400) { $0.phase = .loading }
            store.receive(state("rxs", .loaded, rxs, total: 1, remaining: 29), at: 3500)
        }
    }

    /// A request (latency 500) still in flight when the test ends at 400.
    static func disposal() -> AsyncPathRun {
        let screen = AsyncSearchScreenTest { _, _ in
            .page(SearchPage(totalCount: 1, items: rxs, nextPage: nil), after: 500)
        }
        return screen.run { store in
            store.search("rxs")
        }
    }
}

/// What one run of a screen recorded: every state with its tick, and the backend's calls.
struct AsyncPathRun: Equatable {
    var states: [Recorded<Event<SearchState>>]
    var backend: [String]
}

/// An async search backend in virtual time, as a test writes one: `search` sleeps its programmed
/// latency on `clock` — the test scheduler's `virtualClock` — then answers, and logs each call's
/// start, cancellation (its sleep threw `CancellationError`) and answer with the tick.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
final class AsyncFakeBackend: RepositorySearching, @unchecked Sendable {  // `entries` and `calls` are guarded by `lock`
    enum Answer: Sendable {
        case page(SearchPage, after: Int)
        case failure(SearchError, after: Int)
    }

    private let scheduler: TestScheduler
    private let clock: VirtualClock
    private let answer: @Sendable (_ request: SearchRequest, _ call: Int) -> Answer
    private let lock = NSLock()
    private var entries: [String] = []
    private var calls = 0

    /// A backend answering the `call`-th request (from 1) with `answer(request, call)`.
    init(scheduler: TestScheduler, answer: @escaping @Sendable (_ request: SearchRequest, _ call: Int) -> Answer) {
        self.scheduler = scheduler
        clock = scheduler.virtualClock
        self.answer = answer
    }

    /// The calls so far, as `tick: query#page what`.
    var log: [String] { lock.withLock { entries } }

    func search(_ request: SearchRequest) async throws -> SearchPage {
        let name = "\(request.query)#\(request.page)"
        let call = lock.withLock {
            calls += 1
            return calls
        }
        note("\(name) sent")
        let answer = answer(request, call)
        let latency: Int
        switch answer {
        case .page(_, let after), .failure(_, let after): latency = after
        }
        do {
            try await clock.sleep(for: .milliseconds(latency))
        } catch {
            note("\(name) \(error is CancellationError ? "cancelled" : "failed: \(error)")")
            throw error
        }
        switch answer {
        case .page(let page, _):
            note("\(name) answered")
            return page
        case .failure(let error, _):
            if case .rateLimited = error { note("\(name) rate-limited") } else { note("\(name) failed: \(error)") }
            throw error
        }
    }

    private func note(_ what: String) {
        let tick = scheduler.clock
        lock.withLock { entries.append("\(tick): \(what)") }
    }
}

/// The search screen for a ``ScreenTestStore`` (1 tick = 1 ms) through the controller's live path:
/// `SearchController(searching:)` over an ``AsyncFakeBackend``.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
@MainActor
struct AsyncSearchScreenTest {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let backend: AsyncFakeBackend
    private let perPage: Int

    init(
        perPage: Int = 30,
        answer: @escaping @Sendable (_ request: SearchRequest, _ call: Int) -> AsyncFakeBackend.Answer
    ) {
        backend = AsyncFakeBackend(scheduler: scheduler, answer: answer)
        self.perPage = perPage
    }

    /// Runs `body` against the screen and returns what it recorded.
    func run(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore<SearchEvent, SearchState>) -> Void
    ) -> AsyncPathRun {
        let controller = SearchController(
            searching: backend, scheduler: scheduler, debounce: .milliseconds(300), perPage: perPage,
            navigator: Navigator { _ in })
        var states: [Recorded<Event<SearchState>>] = []
        ScreenTestStore.run(
            SearchModel(), statefulController: controller, scheduler: scheduler, fileID: fileID, filePath: filePath,
            line: line, column: column
        ) { store in
            body(store)
            states = store.receivedStates
        }
        return AsyncPathRun(states: states, backend: backend.log)
    }
}
