// Unchecked Sendable: see SubscriptionNode
/// The subscription node behind `bind(to:)`: sends each event to every observer, in order.
final class FanOutNode<Observer: ObserverType>: ConsumerNode<Observer.Element>, @unchecked Sendable {
    let observers: [Observer]
    init(_ observers: [Observer]) { self.observers = observers }

    override func onNext(_ element: Observer.Element) {
        if !isDisposed { for observer in observers { observer.on(.next(element)) } }
    }

    override func onError(_ error: any Error) {
        endOnTerminal { for observer in observers { observer.on(.error(error)) } }
    }

    override func onCompleted() {
        endOnTerminal { for observer in observers { observer.on(.completed) } }
    }
}
