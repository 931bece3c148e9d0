// The two snippets of the StreamsMVC Swift 6 guide, verbatim: a main-actor view that drives its
// label with a Driver, and its test in virtual time. This target compiles them as a user's own
// package would (Swift 6 language mode); CI adds -warnings-as-errors.

import Streams
import StreamsMVC
import StreamsTest
import Testing

enum CounterEvent: Sendable { case up, down }
enum CounterAction: Sendable { case add(Int) }

struct CounterModel: ReducerModel {
    let initialState = 0
    func reduce(state: Int, with action: CounterAction) -> Int {
        switch action {
        case .add(let n): state + n
        }
    }
}

struct CounterController: MapController {
    func mapToAction(event: CounterEvent) -> CounterAction { event == .up ? .add(1) : .add(-1) }
}

@MainActor
final class CounterView: View, UserInteractable {
    let taps = PublishRelay<CounterEvent>()
    private(set) var label = ""
    private(set) var renders = 0

    func interact() -> Observable<CounterEvent> { taps.asObservable() }

    func update(stateStream: Observable<Int>) -> any Disposable {
        stateStream
            .asDriver(onErrorJustReturn: 0)
            .drive(onNext: { [weak self] count in
                self?.label = "\(count)"
                self?.renders += 1
            })
    }
}

@MainActor @Test func counterCountsInVirtualTime() {
    let scheduler = TestScheduler(initialClock: 0)
    SharingScheduler.mock(scheduler: scheduler) {
        let view = CounterView()
        let screen = combineModel(CounterModel(), withView: view, controller: CounterController())
        scheduler.scheduleAt(210) { view.taps.accept(.up) }
        scheduler.scheduleAt(220) { view.taps.accept(.up) }
        scheduler.scheduleAt(230) { view.taps.accept(.down) }
        scheduler.advanceTo(100)
        #expect(view.label == "0")
        scheduler.advanceTo(215)
        #expect(view.label == "1")
        scheduler.advanceTo(300)
        #expect(view.label == "1")
        #expect(view.renders == 4)
        screen.dispose()
    }
}
