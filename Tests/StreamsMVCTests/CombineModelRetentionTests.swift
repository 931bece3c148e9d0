import Streams
import StreamsMVC
import Testing

/// `combineModel` multicasts states through a replay-1 subject: however many states went through
/// it, exactly the latest one stays alive for late bindings, and none once the screen is gone.
@Suite struct CombineModelRetentionTests {
    /// How many ``CountedState``s of one test are alive.
    private final class LiveCount: Sendable {
        private let storage = Locked(0)
        var value: Int { storage.withLock { $0 } }
        func add(_ amount: Int) { storage.withLock { $0 += amount } }
    }

    /// A state that counts itself alive.
    private final class CountedState: Sendable {
        let value: Int
        private let live: LiveCount

        init(_ value: Int, live: LiveCount) {
            self.value = value
            self.live = live
            live.add(1)
        }

        deinit { live.add(-1) }
    }

    /// A model whose state is a new ``CountedState`` per action.
    private struct CountingModel: Model {
        let live: LiveCount
        func manipulate(actionStream: Observable<Int>) -> Observable<CountedState> {
            actionStream.map { [live] in CountedState($0, live: live) }
        }
    }

    private struct PassThrough: Controller {
        func use(eventStream: Observable<Int>) -> Observable<Int> { eventStream }
    }

    /// Keeps the latest state too, for `currentState`.
    private struct StatefulPassThrough: StatefulController {
        func use(eventStream: Observable<Int>, currentState: @escaping @Sendable () -> CountedState?)
            -> Observable<Int>
        { eventStream }
    }

    enum Form: CaseIterable { case plain, statefulController }

    @Test(arguments: Form.allCases)
    func theStateStreamKeepsExactlyTheLatestStateAlive(_ form: Form) {
        let live = LiveCount()
        let events = PublishSubject<Int>()
        let seen = Recorder<Int>()
        let model = CountingModel(live: live)
        let bind: (Observable<CountedState>) -> any Disposable = { states in
            states.subscribe(onNext: { seen.append($0.value) })
        }
        let scheduler = ImmediateScheduler.instance
        let screen =
            switch form {
            case .plain:
                combineModel(
                    model, controller: PassThrough(), events: events.asObservable(), scheduler: scheduler,
                    bindStates: bind)
            case .statefulController:
                combineModel(
                    model, statefulController: StatefulPassThrough(), events: events.asObservable(),
                    scheduler: scheduler, bindStates: bind)
            }
        for value in 1...40 { events.onNext(value) }
        #expect(seen.values == Array(1...40))
        #expect(live.value == 1)
        screen.dispose()
        #expect(live.value == 0)
    }
}
