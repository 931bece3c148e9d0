import Streams
import StreamsMVC
import StreamsTest
import Testing

// RxMVC's own example (the up/down counter), ported: same events, same expected states.

enum UpDownEvent: Equatable, Sendable { case clickUp, clickDown, clickReset }
enum UpDownAction: Equatable, Sendable { case increase, decrease, reset }

struct UpDownController: MapController {
    func mapToAction(event: UpDownEvent) -> UpDownAction {
        switch event {
        case .clickUp: return .increase
        case .clickDown: return .decrease
        case .clickReset: return .reset
        }
    }
}

struct UpDownModel: ReducerModel {
    var initialState: Int { 0 }
    func reduce(state: Int, with action: UpDownAction) -> Int {
        switch action {
        case .increase: return state + 1
        case .decrease: return state - 1
        case .reset: return 0
        }
    }
}

@MainActor @Suite struct UpDownTests {
    @Test func modelEmitsInitialStateThenOneStatePerAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let actions = scheduler.createHotObservable([
            .next(210, UpDownAction.increase), .next(220, .increase), .next(230, .increase),
            .next(240, .decrease), .next(250, .decrease), .next(260, .reset), .next(270, .increase),
            .completed(300),
        ])
        let res = scheduler.start { UpDownModel().manipulate(actionStream: actions.asObservable()) }
        #expect(
            res.events == [
                .next(200, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 2), .next(250, 1),
                .next(260, 0), .next(270, 1), .completed(300),
            ])
        #expect(actions.subscriptions == [Subscription(200, 300)])
    }

    @Test func mapControllerMapsEachEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let events = scheduler.createHotObservable([
            .next(210, UpDownEvent.clickUp), .next(220, .clickDown), .next(230, .clickReset), .completed(300),
        ])
        let res = scheduler.start { UpDownController().use(eventStream: events.asObservable()) }
        #expect(res.events == [.next(210, .increase), .next(220, .decrease), .next(230, .reset), .completed(300)])
    }

    @Test func wholeScreenThroughCombineModel() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let events = scheduler.createHotObservable([
            .next(210, UpDownEvent.clickUp), .next(220, .clickUp), .next(230, .clickDown), .next(240, .clickReset),
        ])
        let view = RecordingView<Int>(scheduler: scheduler, bindings: 1)
        scheduler.runScreen(disposedAt: 500) {
            combineModel(
                UpDownModel(), withView: view, controller: UpDownController(),
                andUserInteractable: ScriptedUser(events: events.asObservable()), scheduler: scheduler)
        }
        #expect(
            view.observers[0].events == [.next(200, 0), .next(210, 1), .next(220, 2), .next(230, 1), .next(240, 0)])
        #expect(events.subscriptions == [Subscription(200, 500)])
    }
}
