import Foundation
import Streams
import StreamsMVC
import StreamsTest

/// A user interactable backed by a test observable.
@MainActor
struct ScriptedUser<Event>: UserInteractable {
    let events: Observable<Event>
    func interact() -> Observable<Event> { events }
}

/// A view that binds its state stream `bindings` times and records what each binding receives.
@MainActor
final class RecordingView<State>: View {
    let observers: [TestableObserver<State>]

    init(scheduler: TestScheduler, bindings: Int) {
        observers = (0..<bindings).map { _ in scheduler.createObserver(State.self) }
    }

    func update(stateStream: Observable<State>) -> any Disposable {
        CompositeDisposable(disposables: observers.map { stateStream.subscribe($0) })
    }
}

struct MVCTestError: Error, Equatable {}

extension TestScheduler {
    /// Runs a screen in virtual time: `makeScreen` builds it at 200 (where RxTest subscribes),
    /// it is disposed at `disposed`, and the scheduler runs to the end.
    func runScreen(disposedAt disposed: Int, _ makeScreen: @escaping () -> any Disposable) {
        var screen: (any Disposable)?
        scheduleAt(200) { screen = makeScreen() }
        scheduleAt(disposed) { screen?.dispose() }
        start()
    }
}
