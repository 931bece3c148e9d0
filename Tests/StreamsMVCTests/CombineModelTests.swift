import Streams
import StreamsMVC
import StreamsTest
import Testing

/// A controller that counts how often it runs and answers each query after 20 ticks.
struct CountingSearchController: FlatMapController {
    let scheduler: TestScheduler
    let runs: Recorder<String>
    var flatMapType: FlatMapType { .latest }

    func flatMapToAction(event: String) -> Observable<String> {
        runs.append(event)
        return Observable.just("results for \(event)").delay(.seconds(20), scheduler: scheduler)
    }
}

/// A model whose state is the latest action ("" at first).
struct LatestActionModel: ReducerModel {
    var initialState: String { "" }
    func reduce(state: String, with action: String) -> String { action }
}

@MainActor @Suite struct CombineModelTests {
    // RxMVC flaw 1: the state stream was cold, so three bindings ran the controller three times.
    @Test func threeBindingsRunTheControllerOncePerEvent() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let typing = scheduler.createHotObservable([.next(210, "rx"), .next(300, "swift")])
        let runs = Recorder<String>()
        let view = RecordingView<String>(scheduler: scheduler, bindings: 3)
        scheduler.runScreen(disposedAt: 1000) {
            combineModel(
                LatestActionModel(), withView: view,
                controller: CountingSearchController(scheduler: scheduler, runs: runs),
                andUserInteractable: ScriptedUser(events: typing.asObservable()), scheduler: scheduler)
        }
        #expect(runs.values == ["rx", "swift"])
        #expect(typing.subscriptions == [Subscription(200, 1000)])
        let expected: [Recorded<Event<String>>] = [
            .next(200, ""), .next(230, "results for rx"), .next(320, "results for swift"),
        ]
        for observer in view.observers { #expect(observer.events == expected) }
    }

    @Test func aLateBindingReceivesTheLatestState() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let typing = scheduler.createHotObservable([.next(210, "rx")])
        let late = scheduler.createObserver(String.self)
        let view = LateBindingView(scheduler: scheduler, late: late)
        let screen = combineModel(
            LatestActionModel(), withView: view,
            controller: CountingSearchController(scheduler: scheduler, runs: Recorder()),
            andUserInteractable: ScriptedUser(events: typing.asObservable()), scheduler: scheduler)
        scheduler.advanceTo(400)
        screen.dispose()
        #expect(late.events == [.next(300, "results for rx")])
    }

    // RxMVC flaw 4: threading is explicit — wiring is synchronous, only the view hop is scheduled.
    @Test func wiresSynchronouslyAndHopsOnlyTheViewDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        let user = PublishSubject<UpDownEvent>()
        let view = RecordingView<Int>(scheduler: scheduler, bindings: 1)
        scheduler.runScreen(disposedAt: 300) {
            let screen = combineModel(
                UpDownModel(), withView: view, controller: UpDownController(),
                andUserInteractable: ScriptedUser(events: user.asObservable()), scheduler: scheduler)
            #expect(user.hasObservers)
            user.onNext(.clickUp)
            return screen
        }
        // The model ran at 200 for both the initial state and the event; view deliveries go through
        // `observe(on:)`, one scheduled hop per state, as in RxSwift (the test scheduler's
        // processing delay puts each hop one tick later).
        #expect(view.observers[0].events == [.next(201, 0), .next(202, 1)])
        #expect(!user.hasObservers)
    }

    // RxMVC flaw 3: an error reaching the state stream is reported, and the view keeps its state.
    @Test func unhandledErrorIsReportedAndTheViewKeepsItsLastState() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let typing = scheduler.createHotObservable([.next(210, "a"), .error(220, MVCTestError())])
        let reported = Recorder<String>()
        let view = RecordingView<String>(scheduler: scheduler, bindings: 1)
        scheduler.runScreen(disposedAt: 500) {
            combineModel(
                LatestActionModel(), withView: view, controller: EchoController(),
                andUserInteractable: ScriptedUser(events: typing.asObservable()), scheduler: scheduler,
                onUnhandledError: { reported.append("\($0)") })
        }
        #expect(reported.values == ["MVCTestError()"])
        #expect(view.observers[0].events == [.next(200, ""), .next(210, "a")])
    }

    // RxMVC flaw 2: a stateful controller reads the current state without a feedback cycle.
    @Test func statefulControllerSeesTheCurrentState() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let clicks = scheduler.createHotObservable([
            .next(210, UpDownEvent.clickUp), .next(220, .clickUp), .next(230, .clickUp), .next(240, .clickUp),
        ])
        let view = RecordingView<Int>(scheduler: scheduler, bindings: 2)
        scheduler.runScreen(disposedAt: 500) {
            combineModel(
                UpDownModel(), withView: view, statefulController: CappedController(limit: 2),
                andUserInteractable: ScriptedUser(events: clicks.asObservable()), scheduler: scheduler)
        }
        #expect(view.observers[0].events == [.next(200, 0), .next(210, 1), .next(220, 2)])
        #expect(view.observers[1].events == view.observers[0].events)
    }

    // RxMVC flaw 5: bind once. Binding again on every callback multiplies events (N keystrokes,
    // N² handler runs); `combineModel` once per screen gives exactly N.
    @Test func bindingOncePerScreenGivesNEventsNotNSquared() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let keystrokes = PublishSubject<String>()
        let buggyRuns = Recorder<String>()
        let bag = DisposeBag()
        // The bug: every callback binds again.
        keystrokes.subscribe(onNext: { [weak bag] _ in
            guard let bag else { return }
            keystrokes.subscribe(onNext: { buggyRuns.append($0) }).disposed(by: bag)
        }).disposed(by: bag)
        let runs = Recorder<String>()
        let view = RecordingView<String>(scheduler: scheduler, bindings: 3)
        let screen = combineModel(
            LatestActionModel(), withView: view, controller: CountingSearchController(scheduler: scheduler, runs: runs),
            andUserInteractable: ScriptedUser(events: keystrokes.asObservable()), scheduler: scheduler)
        for key in ["a", "b", "c", "d"] { keystrokes.onNext(key) }
        #expect(runs.values == ["a", "b", "c", "d"])
        #expect(buggyRuns.values.count == 6)  // 0 + 1 + 2 + 3: grows quadratically
        screen.dispose()
        withExtendedLifetime(bag) {}  // the closure holds the bag weakly
    }

    @Test func disposingTearsEverythingDown() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let user = PublishSubject<String>()
            let view = RecordingView<String>(scheduler: scheduler, bindings: 3)
            let screen = combineModel(
                LatestActionModel(), withView: view,
                controller: CountingSearchController(scheduler: scheduler, runs: Recorder()),
                andUserInteractable: ScriptedUser(events: user.asObservable()), scheduler: scheduler)
            user.onNext("pending")
            screen.dispose()
            #expect(!user.hasObservers)
            #expect(scheduler.pendingTimes.isEmpty)
        }
    }
}

/// Maps each event to itself.
struct EchoController: MapController {
    func mapToAction(event: String) -> String { event }
}

/// Increases only while the current state is below `limit` (reads the state, never subscribes to it).
struct CappedController: StatefulController {
    let limit: Int
    func use(eventStream: Observable<UpDownEvent>, currentState: @escaping @Sendable () -> Int?) -> Observable<
        UpDownAction
    > {
        let limit = self.limit
        return eventStream.compactMap { event in
            guard event == .clickUp, let state = currentState(), state < limit else { return nil }
            return .increase
        }
    }
}

/// A view whose second binding subscribes later (at tick 300).
@MainActor
final class LateBindingView: View {
    let scheduler: TestScheduler
    let late: TestableObserver<String>

    init(scheduler: TestScheduler, late: TestableObserver<String>) {
        self.scheduler = scheduler
        self.late = late
    }

    func update(stateStream: Observable<String>) -> any Disposable {
        let first = stateStream.subscribe(onNext: { _ in })
        let second = SerialDisposable()
        scheduler.scheduleAt(300) { second.disposable = stateStream.subscribe(self.late) }
        return CompositeDisposable(first, second)
    }
}
