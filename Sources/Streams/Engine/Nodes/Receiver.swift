/// The library's internal observer: one virtual method per kind of event, so the per-element
/// path never builds an `Event` value.
///
/// Concurrency: callers uphold the Observable contract — calls into one receiver never overlap
/// and nothing follows a terminal call — so receivers keep per-event state without a lock.
@usableFromInline
class Receiver<Element>: DisposableNode, @unchecked Sendable {  // see DisposableNode
    /// Receives an element.
    func onNext(_ element: Element) { preconditionFailure("abstract") }
    /// Receives the terminal failure.
    func onError(_ error: any Error) { preconditionFailure("abstract") }
    /// Receives normal completion.
    func onCompleted() { preconditionFailure("abstract") }

    /// The closure that takes this receiver's elements from now on, handed over (once, before
    /// anything is delivered) to the ``Pipeline`` that delivers to it, which then calls it instead
    /// of ``onNext(_:)``: the app's `onNext`, from the node behind `subscribe(onNext:)` on a
    /// pipeline (``PipelineEndNode``). `nil` for every other receiver.
    func handOverOnNext() -> (@Sendable (Element) -> Void)? { nil }

    /// Dispatches a boxed event to the three methods above.
    final func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): onError(error)
        case .completed: onCompleted()
        }
    }
}

/// Adapts a receiver back to the public ``ObserverType`` (for `create`, subjects as observers…).
struct ReceiverObserver<Element>: ObserverType {
    let receiver: Receiver<Element>
    func on(_ event: Event<Element>) { receiver.on(event) }
}
