// Unchecked Sendable: see SubscriptionNode
/// The subscription node that delivers to a user's ``ObserverType``.
final class ObserverNode<Observer: ObserverType>: ConsumerNode<Observer.Element>, @unchecked Sendable {
    let observer: Observer
    init(_ observer: Observer) { self.observer = observer }

    override func onNext(_ element: Observer.Element) {
        if !isDisposed { observer.on(.next(element)) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        observer.on(.error(error))
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        observer.on(.completed)
        tearDown(previousState: previous)
    }
}
