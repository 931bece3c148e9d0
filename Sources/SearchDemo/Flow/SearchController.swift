import Foundation
import Streams
import StreamsMVC

// Concurrency: `use` builds one pipeline per screen. Responses are delivered on `scheduler` (the queue
// the app sends events on), so actions are reduced in causal order. Query edits are debounced on `scheduler`,
// trimmed, de-duplicated and searched by a `.latest` `FlatMapController`, so a new query (or a clear)
// disposes the in-flight request. Rate-limit state lives in a lock-protected `RateLimitGate` shared by every
// request; the current state is read through `currentState` (never by subscribing to it). The main chains
// are tagged for the inspector (Ctrl-T): "query" (typing, debounced), "search" (the `.latest` loader),
// "request" (one page's request, the loader's inner subscription) and "rate-limit" (a countdown).

/// The search screen's controller: typing → debounced queries → page requests → actions.
///
/// Three branches of a ``MergeController``: the sort setting, the requests (typed queries, sorts and
/// next pages, loaded by a `.latest` ``SearchLoader``), and the selection (``SelectionController``).
struct SearchController: StatefulController {
    /// Fetches one page as an observable; disposing the subscription cancels the request.
    typealias Search = @Sendable (SearchRequest) -> Observable<SearchPage>

    private let requests: SearchRequests
    private let loader: SearchLoader
    private let selection: SelectionController

    /// Creates a controller over an observable search function (tests pass virtual-time fakes); results are
    /// first ordered by `sort` in `order` (give the model the same).
    init(
        search: @escaping Search, scheduler: any SchedulerType, debounce: RxTimeInterval = .milliseconds(300),
        perPage: Int = 30, sort: SearchSort = .bestMatch, order: SearchOrder = .descending,
        navigator: Navigator<SearchRoute>
    ) {
        requests = SearchRequests(scheduler: scheduler, debounce: debounce, perPage: perPage, sort: sort, order: order)
        loader = SearchLoader(search: search, scheduler: scheduler)
        selection = SelectionController(navigator: navigator)
    }

    /// Creates a controller over a ``RepositorySearching`` backend (the live client or the offline
    /// catalog): each request runs as a task that disposal cancels.
    init(
        searching: any RepositorySearching, scheduler: any SchedulerType, debounce: RxTimeInterval = .milliseconds(300),
        perPage: Int = 30, sort: SearchSort = .bestMatch, order: SearchOrder = .descending,
        navigator: Navigator<SearchRoute>
    ) {
        self.init(
            search: { request in Observable.fromAsync { try await searching.search(request) } },
            scheduler: scheduler, debounce: debounce, perPage: perPage, sort: sort, order: order,
            navigator: navigator)
    }

    /// Wires events to actions.
    ///
    /// The event stream is subscribed once per subscription of the result and multicast inside it, so
    /// the sort, request and selection branches see each event once, in that order: paging decides on
    /// the state before the selection moves.
    func use(
        eventStream: Observable<SearchEvent>, currentState: @escaping @Sendable () -> SearchState?
    ) -> Observable<SearchAction> {
        let (requests, loader, selection) = (self.requests, self.loader, self.selection)
        let controller = MergeController<SearchEvent, SearchAction, SearchState>(
            { events, _ in requests.sortChanges(events).map(SearchAction.sortChanged) },
            { events, currentState in
                loader.use(eventStream: requests.requests(events, currentState: currentState)).tag("search")
            },
            { events, currentState in selection.use(eventStream: events, currentState: currentState) }
        )
        return controller.use(eventStream: eventStream, currentState: currentState)
    }
}

/// The requests the events ask for: typed queries (debounced and normalized) with the sort, and next
/// pages.
struct SearchRequests: Sendable {
    let scheduler: any SchedulerType
    let debounce: RxTimeInterval
    let perPage: Int
    let sort: SearchSort
    let order: SearchOrder

    /// The sort after each `.cycleSort`.
    func sortChanges(_ events: Observable<SearchEvent>) -> Observable<SearchSort> {
        events.filter { $0 == .cycleSort }.scan(sort) { sort, _ in sort.next }
    }

    /// First pages of new queries or sorts (an empty query clears), and next pages as the selection
    /// reaches the last loaded row.
    func requests(
        _ events: Observable<SearchEvent>, currentState: @escaping @Sendable () -> SearchState?
    ) -> Observable<SearchRequest> {
        let (perPage, order) = (self.perPage, self.order)
        let typed =
            events
            .compactMap { event -> String? in
                if case .queryEdited(let text) = event { return text }
                return nil
            }
            .debounce(debounce, scheduler: scheduler)
            .map(SearchQuery.normalize)
            .tag("query")
        // A sort change is not typing: it searches again at once, without the debounce.
        let sorts = sortChanges(events).startWith(sort)
        let queries = Observable.combineLatest(typed, sorts) { query, sort in
            SearchRequest(query: query, page: 1, perPage: perPage, sort: sort, order: order)
        }
        .distinctUntilChanged()
        let nextPages = events.compactMap { event -> SearchRequest? in
            guard let state = currentState() else { return nil }
            return NextPagePolicy.request(after: event, in: state, perPage: perPage)
        }
        return Observable.merge(queries, nextPages)
    }
}

/// Loads each request; a newer request (a new query, sort or page) disposes the one in flight.
struct SearchLoader: FlatMapController {
    let search: SearchController.Search
    let scheduler: any SchedulerType
    private let gate = RateLimitGate()
    let flatMapType = FlatMapType.latest

    init(search: @escaping SearchController.Search, scheduler: any SchedulerType) {
        self.search = search
        self.scheduler = scheduler
    }

    /// `.cleared` for an empty query, otherwise the request's load.
    func flatMapToAction(event request: SearchRequest) -> Observable<SearchAction> {
        request.query.isEmpty ? Observable.just(SearchAction.cleared) : load(request)
    }

    /// Loads one page: waits out any rate limit first, announces the request, then maps the
    /// response (or failure) to actions. A rate-limit answer waits and retries automatically.
    private func load(_ request: SearchRequest) -> Observable<SearchAction> {
        Observable.deferred { [self] in
            let waiting = gate.secondsLeft(at: scheduler.now)
            if waiting > 0 {
                return countdown(request.query, seconds: waiting).concat(load(request))
            }
            // Responses hop to `scheduler`, where events also arrive in the app: the reduction then runs
            // on one queue, so actions keep their causal order (a page never overtakes the key press
            // that asked for it).
            let response = search(request)
                .tag("request")
                .observe(on: scheduler)
                .map { [gate] page -> SearchAction in
                    gate.recordSuccess()
                    return .pageLoaded(query: request.query, page: request.page, page)
                }
                .catch { [self] error in recover(from: error, request: request) }
            return Observable.just(.requestStarted(query: request.query, page: request.page)).concat(response)
        }
    }

    private func recover(from error: any Error, request: SearchRequest) -> Observable<SearchAction> {
        switch error as? SearchError {
        case .rateLimited(let retryAfter, _):
            let wait = gate.recordLimit(retryAfter: retryAfter, at: scheduler.now)
            return countdown(request.query, seconds: wait).concat(load(request))
        case .cancelled:
            return .empty()
        case .some(let searchError):
            return .just(.requestFailed(query: request.query, message: searchError.userMessage))
        case .none:
            return .just(.requestFailed(query: request.query, message: "the search failed unexpectedly"))
        }
    }

    /// `secondsLeft` = seconds, seconds-1, …, 1, one per second on `scheduler`.
    private func countdown(_ query: String, seconds: Int) -> Observable<SearchAction> {
        guard seconds > 0 else { return .empty() }
        let ticks = Observable<Int>.interval(.seconds(1), scheduler: scheduler).take(seconds - 1)
        return ticks.map { seconds - 1 - $0 }
            .startWith(seconds)
            .map { .rateLimitCountdown(query: query, secondsLeft: $0) }
            .concat(Observable<SearchAction>.empty().delaySubscription(.seconds(1), scheduler: scheduler))
            .tag("rate-limit")
    }
}

/// Selection and detail events map one to one; `.openInBrowser` asks the navigator.
struct SelectionController: StatefulController {
    let navigator: Navigator<SearchRoute>

    /// The selection's actions; other events have none.
    func use(
        eventStream: Observable<SearchEvent>, currentState: @escaping @Sendable () -> SearchState?
    ) -> Observable<SearchAction> {
        eventStream.compactMap { [navigator] event -> SearchAction? in
            switch event {
            case .cycleSort: return nil
            case .queryEdited: return nil
            case .moveSelection(let delta): return .moveSelection(by: delta)
            case .selectFirst: return .select(index: 0)
            case .selectLast: return .select(index: Int.max)
            case .openDetail: return .showDetail
            case .closeDetail: return .hideDetail
            case .openInBrowser:
                if let state = currentState(), let repository = state.detail ?? state.selectedRepository {
                    navigator.request(.openURL(repository.htmlURL.absoluteString))
                }
                return nil
            }
        }
    }
}

/// When moving the selection should load the next page.
enum NextPagePolicy {
    /// The search API serves at most this many results per query.
    static let resultCap = 1_000

    /// The next page's request when `event` moves the selection onto the last loaded row while
    /// more results exist below the 1,000-result cap and nothing is loading; otherwise `nil`.
    static func request(after event: SearchEvent, in state: SearchState, perPage: Int) -> SearchRequest? {
        let target: Int
        switch event {
        case .moveSelection(let delta): target = state.selection + delta
        case .selectLast: target = Int.max
        default: return nil
        }
        guard state.phase == .loaded, let next = state.nextPage, !state.results.isEmpty,
            target >= state.results.count - 1, (next - 1) * perPage < resultCap
        else { return nil }
        return SearchRequest(query: state.query, page: next, perPage: perPage, sort: state.sort, order: state.order)
    }
}
