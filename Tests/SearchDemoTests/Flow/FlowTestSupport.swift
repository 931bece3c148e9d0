import Foundation
import Streams
import StreamsMVC
import StreamsTest

@testable import SearchDemo

/// A repository with just enough fields for flow tests.
func repository(_ id: Int, _ name: String = "repo") -> Repository {
    Repository(
        id: id, name: "\(name)\(id)", fullName: "owner/\(name)\(id)",
        htmlURL: URL(string: "https://github.com/owner/\(name)\(id)")!, description: "repository \(id)",
        language: "Swift", stargazersCount: id * 10, updatedAt: nil)
}

/// The view test double: a subject of user events and three bindings to the state stream; the first
/// records every state with its virtual time.
final class RecordingView: View, UserInteractable, @unchecked Sendable {  // used on the test scheduler's thread only
    typealias State = SearchState
    typealias Event = SearchEvent

    let events = PublishSubject<SearchEvent>()
    let states: TestableObserver<SearchState>
    private(set) var otherBindingCounts = [0, 0]
    private let bindings: Int

    init(scheduler: TestScheduler, bindings: Int = 3) {
        states = scheduler.createObserver(SearchState.self)
        self.bindings = bindings
    }

    func interact() -> Observable<SearchEvent> { events.asObservable() }

    func update(stateStream: Observable<SearchState>) -> any Disposable {
        let composite = CompositeDisposable()
        _ = composite.insert(stateStream.subscribe(states))
        for index in 0..<max(bindings - 1, 0) {
            _ = composite.insert(stateStream.subscribe(onNext: { [self] _ in otherBindingCounts[index] += 1 }))
        }
        return composite
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

/// The whole screen in virtual time (1 tick = 1 ms): real SearchModel and SearchController, the
/// recording view, the fake backend and a route log, wired with `combineModel`. Going away, it
/// disposes the screen: the view's subject and the bindings that capture the view form a cycle
/// until then (as in an app, where the screen's dispose bag ends it).
final class FlowHarness: ScriptedSearchScreen {
    let scheduler: TestScheduler
    let view: RecordingView
    let fake: FakeSearch
    let routes: RouteLog
    let screen: any Disposable

    init(perPage: Int = 30, bindings: Int = 3, answer: @escaping (SearchRequest) -> FakeSearch.Answer) {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let view = RecordingView(scheduler: scheduler, bindings: bindings)
        let fake = FakeSearch(scheduler: scheduler, answer: answer)
        let routes = RouteLog()
        let controller = SearchController(
            search: { fake.search($0) }, scheduler: scheduler, debounce: .milliseconds(300), perPage: perPage,
            navigator: Navigator { routes.append($0) })
        screen = combineModel(
            SearchModel(), withView: view, statefulController: controller, andUserInteractable: view,
            scheduler: scheduler)
        self.scheduler = scheduler
        self.view = view
        self.fake = fake
        self.routes = routes
    }

    deinit { screen.dispose() }

    /// Runs the scheduler until `time` and returns the recorded states.
    func run(until time: Int) -> [Recorded<Event<SearchState>>] {
        scheduler.advanceTo(time)
        return view.states.events
    }
}

/// A search screen under test driven by scripted user events in virtual time.
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

/// A state built field by field, for expected values.
func state(
    _ query: String = "", _ phase: SearchState.Phase = .idle, _ results: [Repository] = [], total: Int = 0,
    next: Int? = nil, selection: Int = 0, detail: Repository? = nil, error: String? = nil, remaining: Int? = nil
) -> SearchState {
    var state = SearchState()
    state.query = query
    state.phase = phase
    state.results = results
    state.totalCount = total
    state.nextPage = next
    state.selection = selection
    state.detail = detail
    state.errorMessage = error
    state.rateLimitRemaining = remaining
    return state
}
