import Foundation
import Streams
import StreamsMVC
import StreamsMVCTest
import StreamsTest
import Testing

@testable import SearchDemo

/// The terminal view in virtual time: what it draws for a state stream, its throttled toast, its
/// spinner, and the events its keys produce. The view is main-actor code whose bindings end in
/// `Driver`s, so each test runs it in a `ScreenTestStore`, which makes that delivery virtual and
/// checks at the end that the view's timers and bindings are all gone.
@MainActor @Suite struct SearchTerminalViewTests {
    private final class Drawn {
        var frames: [(time: Int, status: String)] = []
    }

    /// Binds `view` to the scripted `states` in a screen test (the store's events are unused: the
    /// view's keys are its events).
    private func run(
        _ view: SearchTerminalView, states: TestableObservable<SearchState>, scheduler: TestScheduler,
        _ body: (ScreenTestStore<SearchEvent, SearchState>) -> Void
    ) {
        ScreenTestStore.run(scheduler: scheduler) { _, recorder in
            let stream = states.asObservable()
            return Disposables.create(stream.subscribe(recorder), view.update(stateStream: stream))
        } _: { store in
            body(store)
        }
    }

    private func makeView(_ scheduler: TestScheduler, _ drawn: Drawn) -> SearchTerminalView {
        SearchTerminalView(size: TerminalSize(rows: 3, columns: 60), scheduler: scheduler) { frame, _ in
            let status = frame.lines.last?.spans.map(\.text).joined() ?? ""
            drawn.frames.append((scheduler.clock, status.trimmingCharacters(in: .whitespaces)))
        }
    }

    @Test func errorToastsAreThrottledToOnePerSecond() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let drawn = Drawn()
        let view = makeView(scheduler, drawn)
        let base = state("q", .loaded, [repository(1)], total: 1)
        var failed = base
        let states = scheduler.createHotObservable([
            .next(10, base),
            .next(
                100,
                {
                    failed.errorMessage = "HTTP 500"
                    return failed
                }()),
            .next(
                300,
                {
                    failed.errorMessage = "HTTP 502"
                    return failed
                }()),
            .next(
                600,
                {
                    failed.errorMessage = "HTTP 503"
                    return failed
                }()),
            .next(
                2000,
                {
                    failed.errorMessage = "HTTP 504"
                    return failed
                }()),
        ])
        run(view, states: states, scheduler: scheduler) { store in
            store.advance(to: 3000)
            store.skipReceivedStates()  // the scripted states themselves
        }
        let toasts = drawn.frames.filter { $0.status.hasPrefix("HTTP") }
        // The state's own message is replaced by the throttled toast: 500 at once, the latest of the burst
        // (503) when that second is over, and 504 when the next window (opened by 503 at 1100) closes.
        #expect(toasts.map(\.time) == [100, 1100, 2100])
        #expect(toasts.map(\.status) == ["HTTP 500", "HTTP 503", "HTTP 504"])
    }

    @Test func redrawsOnlyWhenSomethingVisibleChangesAndSpinsWhileLoading() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let drawn = Drawn()
        let view = makeView(scheduler, drawn)
        let loading = state("q", .loading)
        let states = scheduler.createHotObservable([
            .next(10, state()), .next(20, state()), .next(100, loading),
            .next(350, state("q", .loaded, [repository(1)], total: 1)),
        ])
        run(view, states: states, scheduler: scheduler) { store in
            store.advance(to: 1000)
            store.skipReceivedStates()
        }
        #expect(drawn.frames.map(\.time) == [10, 100, 200, 300, 350])
        #expect(
            drawn.frames.map(\.status) == [
                "Type to search · Tab order: best match → stars → updated · …",
                "⠋ searching “q”…", "⠙ searching “q”…", "⠹ searching “q”…", "1 of 1 repository",
            ])
    }

    /// After the terminal was given back and taken again, the same frame is drawn again in full.
    @Test func redrawAllDrawsAnUnchangedFrameAgain() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let drawn = Drawn()
        let view = makeView(scheduler, drawn)
        view.redraw()
        view.redraw()
        #expect(drawn.frames.count == 1)
        view.redrawAll(at: TerminalSize(rows: 3, columns: 60))
        #expect(drawn.frames.count == 2)
        #expect(drawn.frames.map(\.status) == Array(repeating: drawn.frames[0].status, count: 2))
    }

    /// The real view on the real screen: its key presses are the events, and its frames follow the
    /// states the store asserts (the spinner ticks every 100 ms while the search is out).
    @Test func typingInTheViewSearchesAndItsFramesFollowTheStates() {
        let screen = SearchScreenTest { _ in
            .page(SearchPage(totalCount: 1, items: [repository(1)], nextPage: nil), after: 250)
        }
        let drawn = Drawn()
        let view = makeView(screen.scheduler, drawn)
        screen.run(withView: view) { store in
            store.receive(state(), at: 0)
            #expect(view.handle(.character("q")) == .handled)
            store.advance(to: 300)
            store.receive(state("q", .loading), at: 300)
            store.advance(to: 1000)
            store.receive(state("q", .loaded, [repository(1)], total: 1), at: 550)
        }
        // The first state, then the typed letter (same status line, new search line), then loading.
        #expect(drawn.frames.map(\.time) == [0, 0, 300, 400, 500, 550])
        #expect(
            drawn.frames.map(\.status) == [
                "Type to search · Tab order: best match → stars → updated · …",
                "Type to search · Tab order: best match → stars → updated · …",
                "⠋ searching “q”…", "⠙ searching “q”…", "⠹ searching “q”…", "1 of 1 repository",
            ])
    }

    @Test func keysBecomeEventsCtrlZSuspendsAndCtrlCQuits() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let view = makeView(scheduler, Drawn())
        let events = scheduler.createObserver(SearchEvent.self)
        let subscription = view.interact().subscribe(events)
        #expect(view.handle(.character("검")) == .handled)
        #expect(view.handle(.character("색")) == .handled)
        #expect(view.handle(.backspace) == .handled)
        #expect(view.handle(.down) == .handled)
        #expect(view.handle(.control(0x1A)) == .suspend)
        #expect(view.handle(.ctrlC) == .quit)
        subscription.dispose()
        #expect(
            events.events.map(\.value) == [
                .next(.queryEdited("검")), .next(.queryEdited("검색")), .next(.queryEdited("검")),
                .next(.moveSelection(by: 1)),
            ])
    }
}
