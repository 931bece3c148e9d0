import Streams
import StreamsMVC

/// The repository screen shows a name; it has no events of its own.
@MainActor
final class RepositoryView: View, UserInteractable {
    private(set) var name = ""

    func interact() -> Observable<Never> { .never() }

    func update(stateStream: Observable<String>) -> any Disposable {
        stateStream.asDriver(onErrorJustReturn: "").drive(onNext: { [weak self] in self?.name = $0 })
    }
}

/// A controller for a screen without events.
struct NoEventsController: MapController {
    func mapToAction(event: Never) -> Never {}
}
