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
