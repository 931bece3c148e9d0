import Foundation
import Streams
import StreamsMVC
import StreamsTest
import Testing

@testable import SearchDemo

/// The whole search screen in virtual time: real model and controller, `combineModel`, a recording
/// view with three bindings, and a fake backend answering after programmed delays.
@Suite struct SearchFlowTests {
    private static let swi = [repository(1, "swi")]
    private static let sw = [repository(2, "sw"), repository(3, "sw")]
    private static let rxs = [repository(4, "rxs")]

    /// A burst, a pause, a backspace, a clear, a new query and an edit that trims to the same query.
    @Test func typingTraceGivesExactStatesAndOneRequestPerSettledQuery() {
        let harness = FlowHarness { request in
            switch request.query {
            case "swi": .page(SearchPage(totalCount: 1, items: Self.swi, nextPage: nil), after: 600)
            case "sw":
                .page(SearchPage(totalCount: 2, items: Self.sw, nextPage: nil, rateLimitRemaining: 9), after: 100)
            default: .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 50)
            }
        }
        harness.type("swi", at: 100)  // burst: 100, 130, 160 → settles at 460
        harness.send(.queryEdited("sw"), at: 600)  // backspace → settles at 900, cancelling the slow "swi"
        harness.send(.queryEdited(""), at: 1200)  // Ctrl-U → settles at 1500
        harness.type("rxs", at: 1600)  // 1600, 1630, 1660 → settles at 1960
        harness.send(.queryEdited("rxs "), at: 2100)  // trims to the same query: no request

        let states = harness.run(until: 3000)

        #expect(
            states == [
                .next(0, state()),
                .next(460, state("swi", .loading)),
                .next(900, state("sw", .loading)),
                .next(1000, state("sw", .loaded, Self.sw, total: 2, remaining: 9)),
                .next(1500, state()),
                .next(1960, state("rxs", .loading)),
                .next(2010, state("rxs", .loaded, Self.rxs, total: 1)),
            ])
        #expect(harness.fake.requestLog == ["swi#1", "sw#1", "rxs#1"])
        // The slow "swi" answer (due at 1060) was cancelled at 900, so it could not overwrite "sw".
        #expect(harness.fake.requests[0].observable.subscriptions == [Subscription(460, 900)])
        #expect(harness.fake.requests[1].observable.subscriptions == [Subscription(900, 1000)])
        #expect(harness.fake.requests[2].observable.subscriptions == [Subscription(1960, 2010)])
        // Three bindings, one pipeline: the other bindings saw the same seven states.
        #expect(harness.view.otherBindingCounts == [7, 7])
        harness.screen.dispose()
    }

    @Test func clearingCancelsTheRequestInFlightWithoutANewOne() {
        let harness = FlowHarness { _ in .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 1000) }
        harness.send(.queryEdited("rx"), at: 100)
        harness.send(.queryEdited(""), at: 500)
        let states = harness.run(until: 3000)
        #expect(states == [.next(0, state()), .next(400, state("rx", .loading)), .next(800, state())])
        #expect(harness.fake.requestLog == ["rx#1"])
        #expect(harness.fake.requests[0].observable.subscriptions == [Subscription(400, 800)])
    }

    @Test func rateLimitCountsDownAndRetriesAutomaticallyWithoutRequestsWhileWaiting() {
        nonisolated(unsafe) var calls = 0  // test-thread only
        let page = SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil, rateLimitRemaining: 29)
        let harness = FlowHarness { _ in
            calls += 1
            return calls == 1
                ? .failure(.rateLimited(retryAfter: 3, message: nil), after: 100) : .page(page, after: 100)
        }
        harness.send(.queryEdited("rxs"), at: 0)
        let states = harness.run(until: 10_000)
        #expect(
            states == [
                .next(0, state()),
                .next(300, state("rxs", .loading)),
                .next(400, state("rxs", .rateLimited(secondsLeft: 3), remaining: 0)),
                .next(1400, state("rxs", .rateLimited(secondsLeft: 2), remaining: 0)),
                .next(2400, state("rxs", .rateLimited(secondsLeft: 1), remaining: 0)),
                .next(3400, state("rxs", .loading, remaining: 0)),
                .next(3500, state("rxs", .loaded, Self.rxs, total: 1, remaining: 29)),
            ])
        #expect(harness.fake.requests.map(\.time) == [300, 3400])
    }

    @Test func aNewQueryDuringTheCountdownWaitsOutTheSameLimit() {
        nonisolated(unsafe) var calls = 0  // test-thread only
        let harness = FlowHarness { _ in
            calls += 1
            return calls == 1
                ? .failure(.rateLimited(retryAfter: 2, message: nil), after: 0)
                : .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 0)
        }
        harness.send(.queryEdited("a"), at: 0)  // request at 300, limited until 2300
        harness.send(.queryEdited("b"), at: 1000)  // settles at 1300: waits the remaining 1 s
        let states = harness.run(until: 10_000)
        #expect(harness.fake.requests.map(\.time) == [300, 2300])
        // The countdown belongs to "b" from the moment "b" waits (it is not "a"'s, frozen).
        #expect(
            states == [
                .next(0, state()),
                .next(300, state("a", .loading)),
                .next(300, state("a", .rateLimited(secondsLeft: 2), remaining: 0)),
                .next(1300, state("a", .rateLimited(secondsLeft: 1), remaining: 0)),
                .next(1300, state("b", .rateLimited(secondsLeft: 1), remaining: 0)),
                .next(2300, state("b", .loading, remaining: 0)),
                .next(2300, state("b", .loaded, Self.rxs, total: 1, remaining: 0)),
            ])
        #expect(harness.fake.requestLog == ["a#1", "b#1"])
    }

    @Test func selectionReachingTheLastRowLoadsTheNextPageDeduplicatedById() {
        let harness = FlowHarness(perPage: 2) { request in
            switch request.page {
            case 1: .page(SearchPage(totalCount: 5, items: [repository(1), repository(2)], nextPage: 2), after: 10)
            case 2: .page(SearchPage(totalCount: 5, items: [repository(2), repository(3)], nextPage: 3), after: 10)
            default: .page(SearchPage(totalCount: 5, items: [repository(4)], nextPage: nil), after: 10)
            }
        }
        harness.send(.queryEdited("q"), at: 0)  // page 1 at 300, loaded 310
        harness.send(.moveSelection(by: 1), at: 400)  // onto the last row → page 2
        harness.send(.moveSelection(by: 1), at: 405)  // while loading: no second request
        harness.send(.selectLast, at: 500)  // last row again → page 3
        harness.send(.selectLast, at: 600)  // no next page: nothing
        let states = harness.run(until: 1000)
        let one = [repository(1), repository(2)]
        let three = one + [repository(3)]
        #expect(
            states == [
                .next(0, state()),
                .next(300, state("q", .loading)),
                .next(310, state("q", .loaded, one, total: 5, next: 2)),
                .next(400, state("q", .loadingNextPage, one, total: 5, next: 2)),
                .next(400, state("q", .loadingNextPage, one, total: 5, next: 2, selection: 1)),
                .next(405, state("q", .loadingNextPage, one, total: 5, next: 2, selection: 1)),
                .next(410, state("q", .loaded, three, total: 5, next: 3, selection: 1)),
                .next(500, state("q", .loadingNextPage, three, total: 5, next: 3, selection: 1)),
                .next(500, state("q", .loadingNextPage, three, total: 5, next: 3, selection: 2)),
                .next(510, state("q", .loaded, three + [repository(4)], total: 5, selection: 2)),
                .next(600, state("q", .loaded, three + [repository(4)], total: 5, selection: 3)),
            ])
        #expect(harness.fake.requestLog == ["q#1", "q#2", "q#3"])
    }

    @Test func noRequestPastTheThousandResultCap() {
        let harness = FlowHarness(perPage: 500) { request in
            // A backend that (wrongly) keeps offering a next page.
            .page(
                SearchPage(totalCount: 5000, items: [repository(request.page)], nextPage: request.page + 1), after: 10)
        }
        harness.send(.queryEdited("q"), at: 0)
        harness.send(.selectLast, at: 400)  // page 2 covers results 501…1000: allowed
        harness.send(.selectLast, at: 500)  // page 3 would start at 1001: refused
        _ = harness.run(until: 1000)
        #expect(harness.fake.requestLog == ["q#1", "q#2"])
    }

    @Test func openInBrowserRequestsTheURLExactlyOncePerKeyPressWithThreeBindings() {
        let harness = FlowHarness { _ in .page(SearchPage(totalCount: 2, items: Self.sw, nextPage: nil), after: 10) }
        harness.send(.queryEdited("sw"), at: 0)
        harness.send(.moveSelection(by: 1), at: 400)
        harness.send(.openInBrowser, at: 410)  // from the list: the selected repository
        harness.send(.openDetail, at: 420)
        harness.send(.openInBrowser, at: 430)  // from the detail view
        let states = harness.run(until: 1000)
        #expect(
            harness.routes.routes == [
                .openURL("https://github.com/owner/sw3"), .openURL("https://github.com/owner/sw3"),
            ])
        #expect(states.last == .next(420, state("sw", .loaded, Self.sw, total: 2, selection: 1, detail: Self.sw[1])))
    }

    @Test func failuresKeepTheResultsAndShowTheMessage() {
        let harness = FlowHarness { request in
            request.query == "ok"
                ? .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 10)
                : .failure(.httpStatus(code: 500, message: "Server Error"), after: 10)
        }
        harness.send(.queryEdited("ok"), at: 0)
        harness.send(.queryEdited("ok!"), at: 400)
        let states = harness.run(until: 1000)
        #expect(states.last == .next(710, state("ok!", .loaded, Self.rxs, total: 1, error: "HTTP 500: Server Error")))
        #expect(harness.fake.requestLog == ["ok#1", "ok!#1"])
    }

    @Test func disposingTheScreenReleasesEverything() {
        let (scope, _) = LiveResources.withScope {
            let harness = FlowHarness { _ in
                .page(SearchPage(totalCount: 1, items: Self.rxs, nextPage: nil), after: 500)
            }
            harness.send(.queryEdited("rxs"), at: 0)
            harness.scheduler.scheduleAt(400) { harness.screen.dispose() }
            _ = harness.run(until: 2000)
            #expect(harness.fake.requests[0].observable.subscriptions == [Subscription(300, 400)])
        }
        #expect(scope.total == 0)
    }
}
