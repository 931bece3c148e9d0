import Streams
import StreamsMVC
import StreamsMVCTest
import StreamsTest
import Testing

// One screen, three controllers: a counter whose taps add or subtract.

enum Tap: Sendable, Equatable { case plus, minus }

struct SumModel: ReducerModel {
    let initialState = 0
    func reduce(state: Int, with action: Int) -> Int { state + action }
}

/// Plain: one action per event.
struct TapController: MapController {
    func mapToAction(event: Tap) -> Int { event == .plus ? 1 : -1 }
}

/// Stateful: refuses to go below zero (reads the current state, never subscribes to it).
struct NonNegativeController: StatefulController {
    func use(eventStream: Observable<Tap>, currentState: @escaping @Sendable () -> Int?) -> Observable<Int> {
        eventStream.compactMap { tap in
            tap == .plus ? 1 : (currentState() ?? 0) > 0 ? -1 : nil
        }
    }
}

/// Flat-map: each tap is confirmed by a (slow) backend 100 ticks later; a new tap cancels it.
struct ConfirmingController: FlatMapController {
    let scheduler: TestScheduler
    var flatMapType: FlatMapType { .latest }
    func flatMapToAction(event: Tap) -> Observable<Int> {
        Observable.just(event == .plus ? 10 : -10).delay(.seconds(100), scheduler: scheduler)
    }
}

/// A main-actor view with its own button; it renders the count with a Driver.
@MainActor
final class CounterLabelView: View, UserInteractable {
    let button = PublishRelay<Tap>()
    private(set) var label = ""

    func interact() -> Observable<Tap> { button.asObservable() }

    func update(stateStream: Observable<Int>) -> any Disposable {
        stateStream.asDriver(onErrorJustReturn: 0).drive(onNext: { [weak self] in self?.label = "\($0)" })
    }
}

@MainActor @Suite struct ScreenTestStoreCombineModelTests {
    @Test func plainController() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        ScreenTestStore.run(SumModel(), controller: TapController(), scheduler: scheduler) { store in
            store.receive(0, at: 0)
            store.send(.plus)
            store.receive(1, at: 0)
            store.advance(to: 50)
            store.send(.minus)
            store.receive(0, at: 50)
        }
    }

    @Test func statefulController() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        ScreenTestStore.run(SumModel(), statefulController: NonNegativeController(), scheduler: scheduler) { store in
            store.receive(0)
            store.send(.minus)  // refused: no action, no state
            store.send(.plus)
            store.receive(1)
            store.send(.minus)
            store.receive(0)
        }
    }

    @Test func flatMapControllerInVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        ScreenTestStore.run(SumModel(), controller: ConfirmingController(scheduler: scheduler), scheduler: scheduler) {
            store in
            store.receive(0, at: 0)
            store.send(.plus)
            store.advance(to: 50)
            store.send(.minus)  // cancels the confirmation due at 100
            store.advance(to: 200)
            store.receive(-10, at: 150)
        }
    }

    /// The processing delay of a default `TestScheduler` shows as one tick per hop.
    @Test func hopsTakeATickWithTheDefaultProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        ScreenTestStore.run(SumModel(), controller: TapController(), scheduler: scheduler) { store in
            store.advance(by: 1)
            store.receive(0, at: 1)
            store.send(.plus)
            store.advance(by: 1)
            store.receive(1, at: 2)
        }
    }

    @Test func theAppsOwnViewRendersAndItsEventsCount() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let view = CounterLabelView()
        ScreenTestStore.run(SumModel(), withView: view, controller: TapController(), scheduler: scheduler) { store in
            store.receive(0)
            #expect(view.label == "0")
            view.button.accept(.plus)  // the view's own event
            store.advance(by: 0)
            store.receive(1)
            store.send(.plus)  // the store's
            store.receive(2)
            #expect(view.label == "2")
        }
    }

    @Test func anErrorReachingTheStateStreamFailsTheTest() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let failures = TestFailureCapture.collect {
            ScreenTestStore.run(SumModel(), controller: FailingController(), scheduler: scheduler) { store in
                store.receive(0)
                store.send(.plus)
            }
        }
        #expect(failures.map(\.message) == ["an error reached the screen's state stream: TapFailed()"])
    }
}

struct TapFailed: Error {}

/// Fails on the first tap.
struct FailingController: FlatMapController {
    func flatMapToAction(event: Tap) -> Observable<Int> { .error(TapFailed()) }
}
