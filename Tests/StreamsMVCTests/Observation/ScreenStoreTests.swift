#if canImport(Observation)
    import Foundation
    import Observation
    import Streams
    import StreamsMVC
    import StreamsTest
    import Testing

    /// A search box: typing sets the query at once and its results 100 ticks later.
    struct SearchBoxState: Equatable, Sendable {
        var query = ""
        var results: [String] = []
    }

    enum SearchBoxAction: Equatable, Sendable {
        case query(String)
        case results([String])
    }

    struct SearchBoxModel: ReducerModel {
        let initialState = SearchBoxState()
        func reduce(state: SearchBoxState, with action: SearchBoxAction) -> SearchBoxState {
            var state = state
            switch action {
            case .query(let query): state.query = query
            case .results(let results): state.results = results
            }
            return state
        }
    }

    struct SearchBoxController: FlatMapController {
        let scheduler: TestScheduler
        var flatMapType: FlatMapType { .latest }
        func flatMapToAction(event: String) -> Observable<SearchBoxAction> {
            Observable.just(.query(event)).concat(
                Observable.just(.results(["\(event) 1", "\(event) 2"])).delay(.seconds(100), scheduler: scheduler))
        }
    }

    /// Counts `onChange` calls of `withObservationTracking` (which may come from any thread).
    final class ChangeCount: @unchecked Sendable {  // `count` guarded by `lock`
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    // Each test needs ScreenStore's (Observation's) minimum; Swift Testing refuses `@available` on a suite.
    @MainActor @Suite struct ScreenStoreTests {
        /// Tracks `store.state` as a SwiftUI body reading `store.state.query` would: once.
        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        private func track(_ store: ScreenStore<String, SearchBoxState>) -> ChangeCount {
            let changes = ChangeCount()
            withObservationTracking {
                _ = store.state.query
            } onChange: {
                changes.increment()
            }
            return changes
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func oneChangeNotificationPerStateAtItsVirtualTime() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            SharingScheduler.mock(scheduler: scheduler) {
                let store = ScreenStore(model: SearchBoxModel(), controller: SearchBoxController(scheduler: scheduler))
                scheduler.advanceTo(0)
                #expect(store.state == SearchBoxState())

                var changes = track(store)
                store.send("sw")
                #expect(store.state.query == "")  // delivered on the (virtual) main scheduler, not inside send
                scheduler.advanceTo(0)
                #expect(changes.value == 1)
                #expect(store.state == SearchBoxState(query: "sw"))

                changes = track(store)
                scheduler.advanceTo(99)
                #expect(changes.value == 0)
                scheduler.advanceTo(100)
                #expect(changes.value == 1)
                #expect(store.state == SearchBoxState(query: "sw", results: ["sw 1", "sw 2"]))

                changes = track(store)
                store.send("sw")  // the same query again: equal states notify nobody
                scheduler.advanceTo(300)
                #expect(changes.value == 0)
                store.dispose()
            }
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func noNotificationAfterDispose() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            SharingScheduler.mock(scheduler: scheduler) {
                let store = ScreenStore(model: SearchBoxModel(), controller: SearchBoxController(scheduler: scheduler))
                store.send("rx")
                scheduler.advanceTo(10)
                let changes = track(store)
                store.dispose()
                store.send("swift")
                scheduler.advanceTo(1000)
                #expect(changes.value == 0)
                #expect(store.state == SearchBoxState(query: "rx"))
                #expect(scheduler.pendingWork.isEmpty)  // the results due at 100 were cancelled
            }
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func releasingTheStoreEndsTheScreen() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            weak var released: ScreenStore<String, SearchBoxState>?
            expectNoLeaks {
                SharingScheduler.mock(scheduler: scheduler) {
                    var store: ScreenStore? = ScreenStore(
                        model: SearchBoxModel(), controller: SearchBoxController(scheduler: scheduler))
                    store?.send("rx")
                    released = store
                    store = nil
                }
                scheduler.start()  // drops the cancelled work
            }
            #expect(released == nil)
        }

        @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
        @Test func aStatefulControllerReadsTheStoresScreenState() {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            SharingScheduler.mock(scheduler: scheduler) {
                let store = ScreenStore(model: SearchBoxModel(), statefulController: AppendingController())
                store.send("a")
                store.send("b")
                scheduler.advanceTo(0)
                #expect(store.state.query == "ab")
                store.dispose()
            }
        }
    }

    /// Appends each typed text to the current query (read through `currentState`).
    struct AppendingController: StatefulController {
        func use(
            eventStream: Observable<String>, currentState: @escaping @Sendable () -> SearchBoxState?
        ) -> Observable<SearchBoxAction> {
            eventStream.map { text in .query((currentState()?.query ?? "") + text) }
        }
    }
#endif
