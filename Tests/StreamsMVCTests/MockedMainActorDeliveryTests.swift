import Streams
import StreamsMVC
import StreamsTest
import Testing

/// Records what main-actor closures ran, on the main actor.
@MainActor private final class Log {
    var entries: [String] = []
    nonisolated init() {}
}

/// A controller with no main-actor code: it looks each query up and recovers from a failed
/// lookup with a driver (the RxMVC habit), then keeps chaining with `asObservable()`.
private struct PlainController {
    let lookup: @Sendable (String) -> Observable<Int>

    func results(for queries: Observable<String>) -> Observable<Int> {
        queries.flatMapLatest { query in
            lookup(query).asDriver(onErrorRecover: { _ in Driver.just(-1) }).asObservable()
        }
    }
}

/// `SharingScheduler.mock` checks the main actor only where a main-actor closure would run.
@Suite struct MockedMainActorDeliveryTests {
    /// A plain controller under the mock, recorded from an ordinary (not `@MainActor`) test: no
    /// main-actor closure is involved, so nothing is checked and the events are RxCocoa's.
    @Test func aPlainControllerRunsUnderTheMockOffTheMainActor() {
        let scheduler = TestScheduler(initialClock: 0)
        let queries = scheduler.createHotObservable([.next(210, "ok"), .next(220, "fail"), .next(230, "ok")])
        let controller = PlainController { query in
            query == "fail" ? Observable.error(MVCTestError()) : Observable.just(query.count)
        }
        let res = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { controller.results(for: queries.asObservable()) }
        }
        // One processing tick per hop; the recovery driver adds its own hop: 220 → 221 → 222.
        #expect(res.events == [.next(211, 2), .next(222, -1), .next(231, 2)])
    }

    /// A `drive` closure whose element is delivered off the main actor is not run (running it
    /// would be unsound); the test fails once, at the `drive` line.
    @Test func aDriveClosureAdvancedOffTheMainActorReportsAtTheDriveLineAndDoesNotRun() async {
        let scheduler = TestScheduler(initialClock: 0)
        let log = Log()
        let (subscription, line) = await MainActor.run {
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = Observable.just(7).asDriver(onErrorJustReturn: 0)
                let line = #line + 1
                let subscription = driver.drive(onNext: { log.entries.append("\($0)") })
                return (subscription, line)
            }
        }
        let failures = TestFailureCapture.collect { scheduler.advanceTo(10) }
        #expect(
            failures.map(\.message) == [
                "SharingScheduler.mock: a main-actor closure (given at MockedMainActorDeliveryTests.swift:\(line)) was "
                    + "due off the main actor and did not run. Advance the scheduler from the main actor (mark the "
                    + "test or its suite @MainActor): main-actor closures then run inside the advance."
            ])
        #expect(failures.map(\.site.line) == [line])
        #expect(failures.map(\.site.fileID) == ["StreamsMVCTests/MockedMainActorDeliveryTests.swift"])
        #expect(await log.entries == [])
        subscription.dispose()
    }

    /// The same drive, advanced from the main actor, runs its closure at its virtual time.
    @MainActor @Test func aDriveClosureAdvancedFromTheMainActorRunsAtItsVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let log = Log()
        let subscription = SharingScheduler.mock(scheduler: scheduler) {
            Observable.just(7).asDriver(onErrorJustReturn: 0)
                .drive(onNext: { log.entries.append("\($0) at \(scheduler.clock)") })
        }
        let failures = TestFailureCapture.collect { scheduler.advanceTo(10) }
        #expect(failures.isEmpty)
        #expect(log.entries == ["7 at 1"])
        subscription.dispose()
    }

    /// The README's main-actor view model: `debounce` on `MainScheduler.instance`, then
    /// `asDriver(onErrorJustReturn:)` and `drive`, built inside the mock in a `@MainActor` test.
    /// The debounce waits in the mocked virtual time, so the screen updates at exact ticks.
    @MainActor @Test func aViewModelDebouncingOnTheMainSchedulerFollowsTheMockedTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)  // 1 tick = 1 ms
        let model = SharingScheduler.mock(scheduler: scheduler) {
            SearchViewModel(clock: { scheduler.clock }) { text in Observable.just(["\(text)-repo"]) }
        }
        scheduler.scheduleAt(100) { model.query.accept("S") }
        scheduler.scheduleAt(200) { model.query.accept("Sw") }
        scheduler.scheduleAt(700) { model.query.accept("Swift") }
        scheduler.advanceTo(499)
        #expect(model.rendered == [])
        scheduler.advanceTo(2000)
        // 300 ms after the last keystroke of each burst, plus the driver's processing tick.
        #expect(model.rendered == ["sw-repo at 501", "swift-repo at 1001"])
        model.stop()
    }
}

/// A main-actor view model written as the README suggests: search as the user types, on the
/// main scheduler, shown through a driver.
@MainActor private final class SearchViewModel {
    let query = PublishRelay<String>()
    private(set) var rendered: [String] = []
    private var subscription: (any Disposable)?

    init(clock: @escaping @Sendable () -> Int, search: @escaping @Sendable (String) -> Observable<[String]>) {
        subscription = query.asObservable()
            .map { $0.lowercased() }
            .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
            .distinctUntilChanged()
            .flatMapLatest { text in text.isEmpty ? Observable.just([]) : search(text) }
            .asDriver(onErrorJustReturn: [])
            .drive(onNext: { [weak self] results in
                self?.rendered += results.map { "\($0) at \(clock())" }
            })
    }

    func stop() { subscription?.dispose() }
}
