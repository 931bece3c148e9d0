import Foundation
import Streams
import StreamsMVC
import StreamsMVCTest
import StreamsTest
import Testing

/// The ported GitHub Search screen runs as the example meant: typing searches (the latest search
/// wins), clearing clears, a failed search shows its error, selecting opens the URL — with the
/// controller's and model's RxMVC spellings doing the work.
@MainActor @Suite(.serialized) struct GitHubSearchPortTests {
    private static let swift = Repository(
        name: "swift", fullName: "apple/swift", htmlURL: "https://github.com/apple/swift")
    private static let rx = Repository(
        name: "RxSwift", fullName: "ReactiveX/RxSwift", htmlURL: "https://github.com/ReactiveX/RxSwift")

    /// Each search answers after 100 ticks: `rx` fails, anything else finds ``swift``.
    private func answerSearches(_ scheduler: TestScheduler) {
        let found = [Self.swift]
        SessionManager.default.answer { key in
            key == "rx"
                ? scheduler.createColdObservable([.error(100, SearchFailed())]).asObservable()
                : scheduler.createColdObservable([.next(100, found), .completed(100)]).asObservable()
        }
    }

    @Test func typingSearchesAndTheLatestSearchWins() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        answerSearches(scheduler)
        let controller = GitHubSearchController(delegate: OpenedURLs())
        ScreenTestStore.run(GitHubSearchModel(), controller: controller, scheduler: scheduler) { store in
            store.receive(GitHubSearchState(query: nil, repositories: .some([])), at: 0)
            store.send(.changeSearchText(" sw "))
            store.receive(GitHubSearchState(query: "sw", repositories: .some([])), at: 0)
            store.advance(to: 50)
            store.send(.changeSearchText("swift"))  // `.latest`: the search for "sw" is cancelled
            store.receive(GitHubSearchState(query: "swift", repositories: .some([])), at: 50)
            store.advance(to: 200)
            store.receive(GitHubSearchState(query: "swift", repositories: .some([Self.swift])), at: 150)
            store.send(.changeSearchText("  "))
            store.receive(GitHubSearchState(query: nil, repositories: .some([Self.swift])), at: 200)
            store.receive(GitHubSearchState(query: nil, repositories: .some([])), at: 200)
        }
    }

    @Test func aFailedSearchBecomesAnErrorStateThroughTheDriver() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        answerSearches(scheduler)
        ScreenTestStore.run(
            GitHubSearchModel(), controller: GitHubSearchController(delegate: OpenedURLs()), scheduler: scheduler
        ) { store in
            store.receive(GitHubSearchState(query: nil, repositories: .some([])), at: 0)
            store.send(.changeSearchText("rx"))
            store.receive(GitHubSearchState(query: "rx", repositories: .some([])), at: 0)
            store.advance(to: 100)
            store.receive(GitHubSearchState(query: "rx", repositories: .error(SearchFailed())), at: 100)
        }
    }

    @Test func selectingOpensTheURLOnceAndChangesNothing() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let opened = OpenedURLs()
        ScreenTestStore.run(
            GitHubSearchModel(), controller: GitHubSearchController(delegate: opened), scheduler: scheduler
        ) { store in
            store.receive(GitHubSearchState(query: nil, repositories: .some([])), at: 0)
            store.send(.selectRepository(Self.rx))
        }
        #expect(opened.urls == [URL(string: "https://github.com/ReactiveX/RxSwift")!])
    }
}

struct SearchFailed: Error {}

extension GitHubSearchState: Equatable {
    static func == (lhs: GitHubSearchState, rhs: GitHubSearchState) -> Bool {
        guard lhs.query == rhs.query else { return false }
        switch (lhs.repositories, rhs.repositories) {
        case (.some(let left), .some(let right)): return left == right
        case (.error(let left), .error(let right)): return "\(left)" == "\(right)"
        default: return false
        }
    }
}

/// The delegate: records the URLs it was asked to open.
final class OpenedURLs: GitHubSearchControllerDelegate, @unchecked Sendable {  // `opened` guarded by `lock`
    private let lock = NSLock()
    private var opened: [URL] = []
    var urls: [URL] { lock.withLock { opened } }
    func openURL(_ url: URL) { lock.withLock { opened.append(url) } }
}
