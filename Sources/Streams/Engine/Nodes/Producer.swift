/// The observable half of an operator, as a value: its configuration (sources, closures,
/// schedulers) and how a subscription starts. ``ProducerObservable`` makes it an `Observable`,
/// so an operator file needs no observable class of its own.
///
/// Not required to be `Sendable`: a producer may hold elements (`startWith`'s, `sample`'s
/// default) that are not. It is immutable once its observable exists, and every subscription
/// only reads it, as an `Observable` is shared.
protocol Producer<Element> {
    /// The element type of the observable.
    associatedtype Element
    /// Starts a subscription that delivers to `receiver`; returns what ends it.
    func subscribe(_ receiver: Receiver<Element>) -> any Disposable
}

/// The observable of a ``Producer``. Immutable: every subscription gets its own sink.
///
/// Subscribing runs inside the current thread's ``Trampoline``, installing one if none runs (as
/// RxSwift's `Producer` does with `CurrentThreadScheduler`): sources subscribed during it queue
/// their steps there, and the outermost subscription runs them before it returns.
final class ProducerObservable<P: Producer>: Observable<P.Element>, @unchecked Sendable {  // immutable after init
    let producer: P

    init(_ producer: P) { self.producer = producer }

    override func subscribe(_ receiver: Receiver<P.Element>) -> any Disposable {
        Trampoline.run { producer.subscribe(receiver) }
    }
}

extension Producer {
    /// The producer as an observable.
    func asObservable() -> Observable<Element> { ProducerObservable(self) }
}
