import Foundation
import Streams
import StreamsMVC
import StreamsMVCTest
import StreamsTest

@testable import SearchDemo

/// A repository with just enough fields for flow tests.
func repository(_ id: Int, _ name: String = "repo") -> Repository {
    Repository(
        id: id, name: "\(name)\(id)", fullName: "owner/\(name)\(id)",
        htmlURL: URL(string: "https://github.com/owner/\(name)\(id)")!, description: "repository \(id)",
        language: "Swift", stargazersCount: id * 10, updatedAt: nil)
}

/// The view of the live-backend harness: a subject of user events and one binding that records every
/// state with its virtual time.
@MainActor
final class RecordingView: View, UserInteractable {
    typealias State = SearchState
    typealias Event = SearchEvent

    let events = PublishSubject<SearchEvent>()
    let states: TestableObserver<SearchState>

    init(scheduler: TestScheduler) {
        states = scheduler.createObserver(SearchState.self)
    }

    func interact() -> Observable<SearchEvent> { events.asObservable() }

    func update(stateStream: Observable<SearchState>) -> any Disposable {
        stateStream.subscribe(states)
    }
}

/// A fake search backend in virtual time: each request answers with the programmed result after the
/// programmed delay, through a cold test observable whose subscriptions show cancellation.
final class FakeSearch: @unchecked Sendable {  // used on the test scheduler's thread only
    enum Answer {
        case page(SearchPage, after: Int)
        case failure(SearchError, after: Int)
    }

    private let scheduler: TestScheduler
    private let answer: (SearchRequest) -> Answer
    private(set) var requests: [(time: Int, request: SearchRequest, observable: TestableObservable<SearchPage>)] = []

    init(scheduler: TestScheduler, answer: @escaping (SearchRequest) -> Answer) {
        self.scheduler = scheduler
        self.answer = answer
    }

    /// The requests in order, as `query#page`.
    var requestLog: [String] { requests.map { "\($0.request.query)#\($0.request.page)" } }

    func search(_ request: SearchRequest) -> Observable<SearchPage> {
        let events: [Recorded<Event<SearchPage>>]
        switch answer(request) {
        case .page(let page, let delay): events = [.next(delay, page), .completed(delay)]
        case .failure(let error, let delay): events = [.error(delay, error)]
        }
        let observable = scheduler.createColdObservable(events)
        requests.append((scheduler.clock, request, observable))
        return observable.asObservable()
    }
}

/// Routes the controller requested, in order.
final class RouteLog: @unchecked Sendable {  // used on the test scheduler's thread only
    private(set) var routes: [SearchRoute] = []
    func append(_ route: SearchRoute) { routes.append(route) }
}

/// The whole search screen for a ``ScreenTestStore`` (1 tick = 1 ms): the real SearchModel and
/// SearchController over the fake backend, with a log of the routes the controller requested.
@MainActor
struct SearchScreenTest {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let fake: FakeSearch
    let routes = RouteLog()
    private let perPage: Int

    init(perPage: Int = 30, answer: @escaping (SearchRequest) -> FakeSearch.Answer) {
        fake = FakeSearch(scheduler: scheduler, answer: answer)
        self.perPage = perPage
    }

    private var controller: SearchController {
        let (fake, routes) = (fake, routes)
        return SearchController(
            search: { fake.search($0) }, scheduler: scheduler, debounce: .milliseconds(300), perPage: perPage,
            navigator: Navigator { routes.append($0) })
    }

    /// Runs `body` against the screen, wired by `combineModel` to the store's recording view.
    func run(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore<SearchEvent, SearchState>) -> Void
    ) {
        ScreenTestStore.run(
            SearchModel(), statefulController: controller, scheduler: scheduler, fileID: fileID, filePath: filePath,
            line: line, column: column, body)
    }

    /// Runs `body` against the screen with `view` bound too (its events join the store's).
    func run<V: View & UserInteractable>(
        withView view: V, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column, _ body: (ScreenTestStore<SearchEvent, SearchState>) -> Void
    ) where V.State == SearchState, V.Event == SearchEvent {
        ScreenTestStore.run(
            SearchModel(), withView: view, statefulController: controller, scheduler: scheduler, fileID: fileID,
            filePath: filePath, line: line, column: column, body)
    }
}

extension ScreenTestStore where Event == SearchEvent {
    /// Advances to `time` and sends `event` there.
    func send(
        _ event: SearchEvent, at time: Int, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        advance(to: time)
        send(event, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Types `text` one character at a time from `time`, `gap` ms apart, after `prefix`.
    func type(
        _ text: String, after prefix: String = "", at time: Int, gap: Int = 30, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        var typed = prefix
        for (offset, character) in text.enumerated() {
            typed.append(character)
            send(
                .queryEdited(typed), at: time + offset * gap, fileID: fileID, filePath: filePath, line: line,
                column: column)
        }
    }
}

extension ScreenTestStore where Event == SearchEvent, State == SearchState {
    /// From the empty screen: edits the query to `query`, advances to `time`, and asserts the empty
    /// screen at 0 and `query` loading at 300, when the 300 ms debounce lets the request go.
    func search(
        _ query: String, advancingTo time: Int = 400, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        receive(state(), at: 0, fileID: fileID, filePath: filePath, line: line, column: column)
        send(.queryEdited(query), fileID: fileID, filePath: filePath, line: line, column: column)
        advance(to: time)
        receive(state(query, .loading), at: 300, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// A search screen under test driven by scripted user events in virtual time.
@MainActor
protocol ScriptedSearchScreen {
    var scheduler: TestScheduler { get }
    var view: RecordingView { get }
}

extension ScriptedSearchScreen {
    /// Sends `event` at virtual time `time`.
    func send(_ event: SearchEvent, at time: Int) {
        scheduler.scheduleAt(time) { [view] in view.events.onNext(event) }
    }

    /// Types `text` one character at a time starting at `time`, `gap` ms apart, after `prefix`.
    func type(_ text: String, after prefix: String = "", at time: Int, gap: Int = 30) {
        var line = prefix
        for (offset, character) in text.enumerated() {
            line.append(character)
            send(.queryEdited(line), at: time + offset * gap)
        }
    }
}

/// A state built field by field, for expected values; `resultsFor` is the query the results belong to
/// (`query` by default, when there are results).
func state(
    _ query: String = "", _ phase: SearchState.Phase = .idle, _ results: [Repository] = [], total: Int = 0,
    next: Int? = nil, selection: Int = 0, detail: Repository? = nil, error: String? = nil, remaining: Int? = nil,
    resultsFor: String? = nil
) -> SearchState {
    var state = SearchState()
    state.query = query
    state.phase = phase
    state.results = results
    state.resultsQuery = resultsFor ?? (results.isEmpty && phase != .empty ? "" : query)
    state.totalCount = total
    state.nextPage = next
    state.selection = selection
    state.detail = detail
    state.errorMessage = error
    state.rateLimitRemaining = remaining
    return state
}
