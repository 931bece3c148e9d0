import Foundation
import Streams
import StreamsMVC

/// The headless view of `--query` mode: it is both the user (typing the query, pressing End for
/// more) and the screen (watching the state until the run is decided).
///
/// States arrive serialized on the run's queue; `finished` is lock-guarded because ``finish(_:)``
/// may also be called by `combineModel`'s error hook.
///
/// It is not a StreamsMVC `View` (those are main-actor UI): ``QueryMode`` wires it with the
/// view-less `combineModel`, so it runs on the run's own queue and never needs the main thread.
final class QueryModeView: @unchecked Sendable {  // `finished` guarded by `lock`; states arrive serialized
    private let query: String
    private let limit: Int
    private let completion: @Sendable (QueryOutcome) -> Void
    private let events = PublishSubject<SearchEvent>()
    private let lock = NSLock()
    private var finished = false
    /// The result count when End was last pressed; states arrive serialized, so no lock is needed.
    private var countAtLastRequest: Int?

    init(query: String, limit: Int, completion: @escaping @Sendable (QueryOutcome) -> Void) {
        self.query = query
        self.limit = limit
        self.completion = completion
    }

    func interact() -> Observable<SearchEvent> { events.asObservable() }

    func update(stateStream: Observable<SearchState>) -> any Disposable {
        stateStream.subscribe(onNext: { [self] state in decide(state) })
    }

    /// Types the query (after `combineModel` has wired the screen).
    func start() {
        events.onNext(.queryEdited(query))
    }

    /// Ends the run once; later calls are ignored.
    func finish(_ outcome: QueryOutcome) {
        lock.lock()
        let first = !finished
        finished = true
        lock.unlock()
        if first { completion(outcome) }
    }

    private func decide(_ state: SearchState) {
        guard !state.query.isEmpty else { return }
        if let message = state.errorMessage { return finish(.failed(QueryFailure(message: message))) }
        switch state.phase {
        case .rateLimited(let secondsLeft):
            let limit = SearchError.rateLimited(retryAfter: secondsLeft, message: nil)
            finish(.failed(QueryFailure(message: limit.userMessage)))
        case .empty:
            finish(.results([]))
        case .loaded:
            // A page that added nothing (all duplicates, or no request was possible) also ends the run.
            if state.results.count >= limit || state.nextPage == nil || countAtLastRequest == state.results.count {
                finish(.results(Array(state.results.prefix(limit))))
            } else {
                countAtLastRequest = state.results.count
                events.onNext(.selectLast)
            }
        case .idle, .loading, .loadingNextPage:
            break
        }
    }
}
