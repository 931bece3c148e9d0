import Foundation
import Streams
import StreamsMVC
import StreamsTest
import Testing

/// The queries the results controller searched, in order.
final class SearchLog: @unchecked Sendable {  // `queries` guarded by `lock`
    private let lock = NSLock()
    private var searched: [String] = []
    var queries: [String] { lock.withLock { searched } }
    func record(_ query: String) { lock.withLock { searched.append(query) } }
}

/// The article's app in virtual time (1 tick = 1 ms): every screen's delivery, the throttle and
/// the navigation run on the test's scheduler, on the main actor.
@MainActor @Suite struct CoordinatorAppTests {
    private let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    private let log = SearchLog()

    /// Runs `body` with the app started (on its home screen), inside a mock and a leak check;
    /// stops the app at the end.
    private func withApp(_ body: (AppCoordinator, HomeView) -> Void) {
        let log = self.log
        withLeakCheck {
            SharingScheduler.mock(scheduler: scheduler) {
                let app = AppCoordinator { query in
                    log.record(query)
                    return .just(["\(query) 1", "\(query) 2"])
                }
                app.start()
                scheduler.advanceTo(scheduler.clock)
                guard let home = app.top as? HomeView else {
                    Issue.record("no home screen")
                    return
                }
                #expect(home.title == "Search GitHub")
                body(app, home)
                app.stop()
            }
            #expect(scheduler.pendingWork.isEmpty)
            scheduler.start()  // drops the cancelled work
        }
    }

    /// Runs `action` at `time`, then everything due by then.
    private func at(_ time: Int, _ action: () -> Void) {
        scheduler.advanceTo(time)
        action()
        scheduler.advanceTo(time)
    }

    @Test func oneControllerRunPerKeystroke() {
        withApp { app, home in
            at(100) { home.searchButton.accept(()) }
            let results = app.top as? ResultsView
            at(1000) { home.searchText.accept("s") }
            at(1600) { home.searchText.accept("sw") }
            at(2200) { home.searchText.accept("swi") }
            scheduler.advanceTo(5000)
            // The text when the screen opened (empty), then one search per keystroke.
            #expect(log.queries == ["", "s", "sw", "swi"])
            #expect(results?.rows == ["swi 1", "swi 2"])
        }
    }

    @Test func aBurstOfKeystrokesIsThrottledToTwoSearches() {
        withApp { app, home in
            home.searchText.accept("rx")
            at(100) { home.searchButton.accept(()) }
            at(1000) { home.searchText.accept("rxs") }
            at(1100) { home.searchText.accept("rxsw") }
            at(1200) { home.searchText.accept("rxswift") }
            scheduler.advanceTo(1499)
            #expect(log.queries == ["rx", "rxs"])  // the first of the burst at once…
            scheduler.advanceTo(1500)
            #expect(log.queries == ["rx", "rxs", "rxswift"])  // …the latest when the window ends
            #expect((app.top as? ResultsView)?.rows == ["rxswift 1", "rxswift 2"])
        }
    }

    @Test func navigatingBackAndForthNeverBindsTheSearchTextTwice() {
        withApp { app, home in
            at(100) { home.searchButton.accept(()) }
            guard let results = app.top as? ResultsView else {
                Issue.record("no results screen")
                return
            }
            at(200) { home.searchText.accept("rx") }
            at(800) { results.rowTaps.accept("rx 2") }  // push the repository screen…
            #expect((app.top as? RepositoryView)?.name == "rx 2")
            at(900) { app.navigate(to: .back) }  // …and come back: the results screen is not wired again
            #expect(app.top === results)
            at(1500) { home.searchText.accept("rxs") }
            #expect(results.searchTextBindings == 1)
            #expect(log.queries == ["", "rx", "rxs"])
        }
    }

    @Test func thePoppedResultsScreenIsReleasedAndStopsSearching() {
        withApp { app, home in
            weak var popped: ResultsView?
            at(100) { home.searchButton.accept(()) }
            popped = app.top as? ResultsView
            #expect(popped != nil)
            at(200) { app.navigate(to: .back) }
            #expect(popped == nil)
            at(1000) { home.searchText.accept("swift") }  // typed on the home screen: nobody searches
            #expect(log.queries == [""])
            at(2000) { home.searchButton.accept(()) }  // a new results screen, wired once
            at(3000) { home.searchText.accept("swiftui") }
            #expect(log.queries == ["", "swift", "swiftui"])
            #expect((app.top as? ResultsView)?.searchTextBindings == 1)
        }
    }
}
