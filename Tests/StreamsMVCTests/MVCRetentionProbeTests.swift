import Streams
import StreamsMVC
import StreamsTest
import Testing

/// The MVC layer's APIs release what their closures and components captured when the screen or
/// subscription ends: after dispose, after the source completes, and after it fails (the
/// Streams-level probes are `RetentionProbeTests` in StreamsTests).
@MainActor @Suite struct MVCRetentionProbeTests {
    /// What every closure and component under probe captures.
    final class Captured: Sendable {
        let offset = 1
    }

    enum Ending: String, CaseIterable, Sendable { case dispose, completion, error }

    /// A model, a controller, a stateful controller and a view binding that all capture `captured`.
    struct CapturingModel: Model {
        let captured: Captured
        func manipulate(actionStream: Observable<Int>) -> Observable<Int> {
            actionStream.map { [captured] in $0 + captured.offset }
        }
    }

    struct CapturingController: Controller {
        let captured: Captured
        func use(eventStream: Observable<Int>) -> Observable<Int> {
            eventStream.filter { [captured] in $0 > -captured.offset }
        }
    }

    struct CapturingStatefulController: StatefulController {
        let captured: Captured
        func use(eventStream: Observable<Int>, currentState: @escaping @Sendable () -> Int?) -> Observable<Int> {
            eventStream.map { [captured] in $0 + (currentState() ?? 0) - captured.offset }
        }
    }

    /// Subscribes with `subscribe` on a fresh source, sends two elements, ends as `ending` says
    /// (with `scheduler` run after the source's end), and tells whether `Captured` was released.
    private func isReleased(
        _ ending: Ending,
        _ subscribe: (Captured, PublishSubject<Int>, TestScheduler) -> any Disposable
    ) -> Bool {
        weak var weakCaptured: Captured?
        let source = PublishSubject<Int>()
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var kept: (any Disposable)?
        SharingScheduler.mock(scheduler: scheduler) {
            do {
                let captured = Captured()
                weakCaptured = captured
                kept = subscribe(captured, source, scheduler)
            }
            scheduler.scheduleAt(210) { source.onNext(1) }
            scheduler.scheduleAt(220) { source.onNext(2) }
            scheduler.scheduleAt(230) {
                switch ending {
                case .dispose: kept?.dispose()
                case .completion: source.onCompleted()
                case .error: source.onError(MVCTestError())
                }
            }
            scheduler.start()
        }
        withExtendedLifetime(kept) {}
        return weakCaptured == nil
    }

    @Test(arguments: Ending.allCases)
    func driveWithClosures(_ ending: Ending) {
        #expect(
            isReleased(ending) { c, source, _ in
                source.asDriver(onErrorRecover: { _ in Driver.just(c.offset) })
                    .map { $0 + c.offset }.filter { $0 > c.offset }
                    .drive(onNext: { _ = $0 + c.offset }, onCompleted: { _ = c.offset }, onDisposed: { _ = c.offset })
            })
    }

    @Test(arguments: Ending.allCases)
    func driveIntoARelay(_ ending: Ending) {
        #expect(
            isReleased(ending) { c, source, _ in
                let relay = BehaviorRelay(value: 0)
                let feed = relay.subscribe(onNext: { _ = $0 + c.offset })
                return Disposables.create(
                    feed, source.asDriver(onErrorJustReturn: c.offset).map { $0 + c.offset }.drive(relay))
            })
    }

    /// A `combineModel` screen (headless) with a controller or a stateful controller.
    enum ControllerKind: String, CaseIterable, Sendable { case controller, statefulController }

    @Test(arguments: Ending.allCases, ControllerKind.allCases)
    func combineModelScreen(_ ending: Ending, _ kind: ControllerKind) {
        #expect(
            isReleased(ending) { c, source, scheduler in
                let model = CapturingModel(captured: c)
                let events = source.asObservable()
                let onUnhandledError: @Sendable (any Error) -> Void = { _ in _ = c.offset }
                let bindStates = { (states: Observable<Int>) in states.subscribe(onNext: { _ = $0 + c.offset }) }
                return switch kind {
                case .controller:
                    combineModel(
                        model, controller: CapturingController(captured: c), events: events, scheduler: scheduler,
                        onUnhandledError: onUnhandledError, bindStates: bindStates)
                case .statefulController:
                    combineModel(
                        model, statefulController: CapturingStatefulController(captured: c), events: events,
                        scheduler: scheduler, onUnhandledError: onUnhandledError, bindStates: bindStates)
                }
            })
    }
}
