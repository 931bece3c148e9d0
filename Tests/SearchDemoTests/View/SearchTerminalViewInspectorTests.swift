import Foundation
import Streams
import StreamsMVC
import StreamsMVCTest
import StreamsTest
import Testing

@testable import SearchDemo

/// Ctrl-T in the view, in virtual time: the panel appears with the snapshot's text, is read again every
/// 250 ms while shown (so a request that ends without a new state still leaves the panel), typing reads it
/// after the events are sent, and Ctrl-T again hides it and stops its timer.
@MainActor @Suite struct SearchTerminalViewInspectorTests {
    private final class Probe {
        var frames: [(time: Int, lines: [String])] = []
        var reads: [Int] = []
        var tree = "subscribe  A.swift:1\n  flatMapLatest  B.swift:2  [search]\n    fromAsync  C.swift:3  [request]"
    }

    /// Runs `body` on a view wired to a state stream that delivers one state at tick 10, from tick 100;
    /// the states it received are not the point of these tests. The store reports its failures at the caller.
    private func runView(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ body: (ScreenTestStore<SearchEvent, SearchState>, SearchTerminalView, Probe) -> Void
    ) {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let probe = Probe()
        let view = SearchTerminalView(
            size: TerminalSize(rows: 8, columns: 40), scheduler: scheduler,
            inspect: {
                probe.reads.append(scheduler.clock)
                return probe.tree
            },
            draw: { frame, _ in
                probe.frames.append((scheduler.clock, frame.lines.map { $0.spans.map(\.text).joined() }))
            })
        let states = scheduler.createHotObservable([.next(10, state())])
        ScreenTestStore<SearchEvent, SearchState>.run(
            scheduler: scheduler, fileID: fileID, filePath: filePath, line: line, column: column
        ) { _, recorder in
            let stream = states.asObservable()
            return Disposables.create(stream.subscribe(recorder), view.update(stateStream: stream))
        } _: { store in
            store.advance(to: 100)
            body(store, view, probe)
            store.skipReceivedStates()
        }
    }

    @Test func ctrlTShowsThePanelRefreshesItAndHidesIt() {
        runView { store, view, probe in
            #expect(probe.reads.isEmpty, "the snapshot is not read while the panel is hidden")
            #expect(view.handle(.control(0x14)) == .handled)
            #expect(view.isShowingInspector)
            #expect(
                probe.frames.last?.lines == [
                    "Search:", "", "",
                    "─ Inspector · 3 lines · Ctrl-T hides ───",
                    "subscribe  A.swift:1",
                    "  flatMapLatest  B.swift:2  [search]",
                    "    fromAsync  C.swift:3  [request]",
                    "Type to search · Tab order: best match …",
                ])
            // The request ends without a new state: the next refresh shows it gone.
            probe.tree = "subscribe  A.swift:1\n  flatMapLatest  B.swift:2  [search]"
            store.advance(to: 360)
            #expect(probe.reads == [100, 350])
            #expect(probe.frames.last?.time == 350)
            #expect(probe.frames.last?.lines.contains("    fromAsync  C.swift:3  [request]") == false)

            // A key: drawn before its events are sent (the search line), and read again after them.
            #expect(view.handle(.character("q")) == .handled)
            #expect(probe.reads == [100, 350, 360, 360])

            #expect(view.handle(.control(0x14)) == .handled)
            #expect(!view.isShowingInspector)
            #expect(probe.frames.last?.lines.contains { $0.hasPrefix("─ Inspector") } == false)
            store.advance(to: 2000)
            #expect(probe.reads == [100, 350, 360, 360], "hidden, the panel's timer is gone")
        }
    }

    /// Shown when the screen goes away, the panel's timer goes with the view's bindings (the store checks that
    /// nothing is left scheduled).
    @Test func thePanelsTimerEndsWithTheView() {
        runView { store, view, probe in
            #expect(view.handle(.control(0x14)) == .handled)
            store.advance(to: 1000)
            #expect(probe.reads == [100, 350, 600, 850])
        }
    }
}
