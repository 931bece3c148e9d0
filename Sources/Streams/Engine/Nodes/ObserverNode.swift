// Unchecked Sendable: see SubscriptionNode
/// The subscription node that delivers to a user's ``ObserverType``.
final class ObserverNode<Observer: ObserverType>: ConsumerNode<Observer.Element>, @unchecked Sendable {
    let observer: Observer
    init(_ observer: Observer) { self.observer = observer }

    override func onNext(_ element: Observer.Element) {
        if !isDisposed { observer.on(.next(element)) }
    }

    override func onError(_ error: any Error) {
        endOnTerminal { observer.on(.error(error)) }
    }

    override func onCompleted() {
        endOnTerminal { observer.on(.completed) }
    }
}
