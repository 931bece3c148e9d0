import Foundation
import Streams
import StreamsMVC
import StreamsMVCTest
import StreamsTest
import Testing

@testable import SearchDemo

/// The whole search screen in virtual time, exhaustively: real model and controller wired by
/// `combineModel`, a fake backend answering after programmed delays, and a `ScreenTestStore` that
/// sends the user's events and asserts every state the view received, then checks that nothing is
/// left scheduled or alive once the screen is disposed.
@MainActor @Suite struct SearchFlowTests {
    private static let swi = [repository(1, "swi")]
    private static let sw = [repository(2, "sw"), repository(3, "sw")]
    private static let rxs = [repository(4, "rxs")]

    /// A burst, a pause, a backspace, a clear, a new query and an edit that trims to the same query.
    @Test func typingTraceGivesExactStatesAndOneRequestPerSettledQuery() {
        let screen = SearchScreenTest { request in
            switch request.query {
            case "swi": .page(SearchPage(totalCount: 1, items: Self.swi, nextPage: nil), after: 600)
            case "sw":
                .page(SearchPage(totalCount: 2, items: Self.sw, nextPage: nil, rateLimitRemaining: 9), after: 100)
            default: .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 50)
            }
        }
        screen.run { store in
            store.receive(state(), at: 0)
            store.type("swi", at: 100)  // burst: 100, 130, 160 → settles at 460
            store.advance(to: 600)
            store.receive(state("swi", .loading), at: 460)
            store.send(.queryEdited("sw"))  // backspace → settles at 900, cancelling the slow "swi"
            store.advance(to: 1200)
            store.receive(state("sw", .loading), at: 900)
            store.receive(state("sw", .loaded, Self.sw, total: 2, remaining: 9), at: 1000)
            store.send(.queryEdited(""))  // Ctrl-U → settles at 1500
            store.advance(to: 1600)
            store.receive(state(), at: 1500)
            store.type("rxs", at: 1600)  // 1600, 1630, 1660 → settles at 1960
            store.advance(to: 2100)
            store.receive(state("rxs", .loading), at: 1960)
            store.receive(state("rxs", .loaded, Self.rxs, total: 1), at: 2010)
            store.send(.queryEdited("rxs "))  // trims to the same query: no request, no state
            store.advance(to: 3000)
        }
        #expect(screen.fake.requestLog == ["swi#1", "sw#1", "rxs#1"])
        // The slow "swi" answer (due at 1060) was cancelled at 900, so it could not overwrite "sw".
        #expect(screen.fake.requests[0].observable.subscriptions == [Subscription(460, 900)])
        #expect(screen.fake.requests[1].observable.subscriptions == [Subscription(900, 1000)])
        #expect(screen.fake.requests[2].observable.subscriptions == [Subscription(1960, 2010)])
    }

    /// Three bindings (the store's and two of the view's), one pipeline: one request per query, and
    /// every binding sees every state.
    @Test func threeBindingsShareOneRequestPerQuery() {
        let screen = SearchScreenTest { _ in .page(SearchPage(totalCount: 2, items: Self.sw, nextPage: nil), after: 10)
        }
        let view = TwoBindingView()
        screen.run(withView: view) { store in
            store.search("sw", advancingTo: 1000)
            store.receive(state("sw", .loaded, Self.sw, total: 2), at: 310)
        }
        #expect(screen.fake.requestLog == ["sw#1"])
        #expect(view.counts == [3, 3])
    }

    /// Tab (`cycleSort`) searches the same query again at once, sorted by stars, then by update, then best
    /// match; the state names the sort (the status line shows it) and the next page keeps it.
    @Test func cyclingTheSortSearchesAgainAtOnceAndPagesKeepIt() {
        let screen = SearchScreenTest { request in
            .page(SearchPage(totalCount: 3, items: request.page == 1 ? Self.sw : Self.swi, nextPage: 2), after: 10)
        }
        func sorted(_ state: SearchState, _ sort: SearchSort) -> SearchState {
            var state = state
            state.sort = sort
            return state
        }
        screen.run { store in
            store.search("sw")
            store.receive(state("sw", .loaded, Self.sw, total: 3, next: 2), at: 310)
            store.send(.cycleSort)
            store.advance(to: 500)
            store.receive(sorted(state("sw", .loaded, Self.sw, total: 3, next: 2), .stars), at: 400)
            store.receive(sorted(state("sw", .loading, Self.sw, total: 3), .stars), at: 400)
            store.receive(sorted(state("sw", .loaded, Self.sw, total: 3, next: 2), .stars), at: 410)
            store.send(.selectLast)
            store.advance(to: 600)
            store.receive(sorted(state("sw", .loadingNextPage, Self.sw, total: 3, next: 2), .stars), at: 500)
            store.receive(
                sorted(state("sw", .loadingNextPage, Self.sw, total: 3, next: 2, selection: 1), .stars), at: 500)
            store.receive(
                sorted(state("sw", .loaded, Self.sw + Self.swi, total: 3, next: 2, selection: 1), .stars), at: 510)
        }
        #expect(screen.fake.requests.map(\.request.sort) == [.bestMatch, .stars, .stars])
        #expect(screen.fake.requestLog == ["sw#1", "sw#1", "sw#2"])
    }

    @Test func clearingCancelsTheRequestInFlightWithoutANewOne() {
        let screen = SearchScreenTest { _ in
            .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 1000)
        }
        screen.run { store in
            store.receive(state(), at: 0)
            store.send(.queryEdited("rx"), at: 100)
            store.advance(to: 500)
            store.receive(state("rx", .loading), at: 400)
            store.send(.queryEdited(""))
            store.advance(to: 3000)
            store.receive(state(), at: 800)
        }
        #expect(screen.fake.requestLog == ["rx#1"])
        #expect(screen.fake.requests[0].observable.subscriptions == [Subscription(400, 800)])
    }

    /// Docs/MVC.md shows this trace as its state-by-state example, so it stays spelled out here.
    @Test func rateLimitCountsDownAndRetriesAutomaticallyWithoutRequestsWhileWaiting() {
        nonisolated(unsafe) var calls = 0  // test-thread only
        let page = SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil, rateLimitRemaining: 29)
        let screen = SearchScreenTest { _ in
            calls += 1
            return calls == 1
                ? .failure(.rateLimited(retryAfter: 3, message: nil), after: 100) : .page(page, after: 100)
        }
        screen.run { store in
            store.receive(state(), at: 0)
            store.send(.queryEdited("rxs"))
            store.advance(to: 10_000)
            store.receive(state("rxs", .loading), at: 300)
            store.receive(state("rxs", .rateLimited(secondsLeft: 3), remaining: 0), at: 400)
            store.receive(at: 1400) { $0.phase = .rateLimited(secondsLeft: 2) }
            store.receive(at: 2400) { $0.phase = .rateLimited(secondsLeft: 1) }
            store.receive(at: 3400) { $0.phase = .loading }
            store.receive(state("rxs", .loaded, Self.rxs, total: 1, remaining: 29), at: 3500)
        }
        #expect(screen.fake.requests.map(\.time) == [300, 3400])
    }

    @Test func aNewQueryDuringTheCountdownWaitsOutTheSameLimit() {
        nonisolated(unsafe) var calls = 0  // test-thread only
        let screen = SearchScreenTest { _ in
            calls += 1
            return calls == 1
                ? .failure(.rateLimited(retryAfter: 2, message: nil), after: 0)
                : .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 0)
        }
        screen.run { store in
            store.receive(state(), at: 0)
            store.send(.queryEdited("a"))  // request at 300, limited until 2300
            store.advance(to: 1000)
            store.receive(state("a", .loading), at: 300)
            store.receive(state("a", .rateLimited(secondsLeft: 2), remaining: 0), at: 300)
            store.send(.queryEdited("b"))  // settles at 1300: waits the remaining 1 s
            store.advance(to: 10_000)
            // The countdown belongs to "b" from the moment "b" waits (it is not "a"'s, frozen).
            store.receive(state("a", .rateLimited(secondsLeft: 1), remaining: 0), at: 1300)
            store.receive(state("b", .rateLimited(secondsLeft: 1), remaining: 0), at: 1300)
            store.receive(state("b", .loading, remaining: 0), at: 2300)
            store.receive(state("b", .loaded, Self.rxs, total: 1, remaining: 0), at: 2300)
        }
        #expect(screen.fake.requests.map(\.time) == [300, 2300])
        #expect(screen.fake.requestLog == ["a#1", "b#1"])
    }

    @Test func selectionReachingTheLastRowLoadsTheNextPageDeduplicatedById() {
        let screen = SearchScreenTest(perPage: 2) { request in
            switch request.page {
            case 1: .page(SearchPage(totalCount: 5, items: [repository(1), repository(2)], nextPage: 2), after: 10)
            case 2: .page(SearchPage(totalCount: 5, items: [repository(2), repository(3)], nextPage: 3), after: 10)
            default: .page(SearchPage(totalCount: 5, items: [repository(4)], nextPage: nil), after: 10)
            }
        }
        let one = [repository(1), repository(2)]
        let three = one + [repository(3)]
        screen.run { store in
            store.search("q")  // page 1 at 300, loaded 310
            store.receive(state("q", .loaded, one, total: 5, next: 2), at: 310)
            store.send(.moveSelection(by: 1))  // onto the last row → page 2
            store.receive(state("q", .loadingNextPage, one, total: 5, next: 2), at: 400)
            store.receive(state("q", .loadingNextPage, one, total: 5, next: 2, selection: 1), at: 400)
            store.send(.moveSelection(by: 1), at: 405)  // while loading: no second request
            store.receive(state("q", .loadingNextPage, one, total: 5, next: 2, selection: 1), at: 405)
            store.advance(to: 500)
            store.receive(state("q", .loaded, three, total: 5, next: 3, selection: 1), at: 410)
            store.send(.selectLast)  // last row again → page 3
            store.receive(state("q", .loadingNextPage, three, total: 5, next: 3, selection: 1), at: 500)
            store.receive(state("q", .loadingNextPage, three, total: 5, next: 3, selection: 2), at: 500)
            store.advance(to: 600)
            store.receive(state("q", .loaded, three + [repository(4)], total: 5, selection: 2), at: 510)
            store.send(.selectLast)  // no next page: nothing
            store.receive(state("q", .loaded, three + [repository(4)], total: 5, selection: 3), at: 600)
            store.advance(to: 1000)
        }
        #expect(screen.fake.requestLog == ["q#1", "q#2", "q#3"])
    }

    @Test func noRequestPastTheThousandResultCap() {
        let screen = SearchScreenTest(perPage: 500) { request in
            // A backend that (wrongly) keeps offering a next page.
            .page(
                SearchPage(totalCount: 5000, items: [repository(request.page)], nextPage: request.page + 1), after: 10)
        }
        screen.run { store in
            store.skipReceivedStates()  // this test is about requests
            store.send(.queryEdited("q"))
            store.advance(to: 400)
            store.skipReceivedStates()
            store.send(.selectLast)  // page 2 covers results 501…1000: allowed
            store.advance(to: 500)
            store.skipReceivedStates()
            store.send(.selectLast)  // page 3 would start at 1001: refused
            store.advance(to: 1000)
            store.skipReceivedStates()
        }
        #expect(screen.fake.requestLog == ["q#1", "q#2"])
    }

    @Test func openInBrowserRequestsTheURLExactlyOncePerKeyPress() {
        let screen = SearchScreenTest { _ in .page(SearchPage(totalCount: 2, items: Self.sw, nextPage: nil), after: 10)
        }
        screen.run { store in
            store.search("sw")
            store.receive(state("sw", .loaded, Self.sw, total: 2), at: 310)
            store.send(.moveSelection(by: 1))
            store.receive(state("sw", .loaded, Self.sw, total: 2, selection: 1), at: 400)
            store.send(.openInBrowser, at: 410)  // from the list: the selected repository; no new state
            store.send(.openDetail, at: 420)
            store.receive(state("sw", .loaded, Self.sw, total: 2, selection: 1, detail: Self.sw[1]), at: 420)
            store.send(.openInBrowser, at: 430)  // from the detail view
            store.advance(to: 1000)
        }
        #expect(
            screen.routes.routes == [
                .openURL("https://github.com/owner/sw3"), .openURL("https://github.com/owner/sw3"),
            ])
    }

    @Test func failuresKeepTheResultsAndShowTheMessage() {
        let screen = SearchScreenTest { request in
            request.query == "ok"
                ? .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 10)
                : .failure(.httpStatus(code: 500, message: "Server Error"), after: 10)
        }
        screen.run { store in
            store.search("ok")
            store.receive(state("ok", .loaded, Self.rxs, total: 1), at: 310)
            store.send(.queryEdited("ok!"))
            store.advance(to: 1000)
            store.receive(state("ok!", .loading, Self.rxs, total: 1, resultsFor: "ok"), at: 700)
            store.receive(
                state("ok!", .loaded, Self.rxs, total: 1, error: "HTTP 500: Server Error", resultsFor: "ok"), at: 710)
        }
        #expect(screen.fake.requestLog == ["ok#1", "ok!#1"])
    }

    /// The store disposes the screen when the test ends (here at 400, with the answer due at 800) and
    /// checks that nothing is left scheduled or alive: the request was cancelled.
    @Test func disposingTheScreenCancelsTheRequestInFlight() {
        let screen = SearchScreenTest { _ in
            .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 500)
        }
        screen.run { store in
            store.search("rxs")
        }
        #expect(screen.fake.requests[0].observable.subscriptions == [Subscription(300, 400)])
    }
}

/// A view that binds the state stream twice more, counting what each binding receives on the main actor.
@MainActor
private final class TwoBindingView: View, UserInteractable {
    private(set) var counts = [0, 0]

    func interact() -> Observable<SearchEvent> { .never() }

    func update(stateStream: Observable<SearchState>) -> any Disposable {
        Disposables.create(
            (0..<2).map { index in
                stateStream.observe(on: MainScheduler.instance).subscribe(onNext: { [weak self] _ in
                    self?.counts[index] += 1
                })
            })
    }
}
