import Synchronization

/// The library's internal observer: one virtual method per kind of event, so the per-element
/// path never builds an `Event` value.
///
/// Concurrency: callers uphold the Observable contract — calls into one receiver never overlap
/// and nothing follows a terminal call — so receivers keep per-event state without a lock.
class Receiver<Element> {
    /// Receives an element.
    func onNext(_ element: Element) { preconditionFailure("abstract") }
    /// Receives the terminal failure.
    func onError(_ error: any Error) { preconditionFailure("abstract") }
    /// Receives normal completion.
    func onCompleted() { preconditionFailure("abstract") }

    /// Dispatches a boxed event to the three methods above.
    final func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): onError(error)
        case .completed: onCompleted()
        }
    }
}

// Unchecked Sendable: state published through `state`
/// A receiver that is also the subscription to its upstream: it owns the upstream disposable and
/// a disposed flag that every delivery checks.
///
/// Invariants (all transitions go through the atomic `state`):
/// - `upstream` is written once, before the `hasUpstream` bit is published, and read and cleared
///   only by the single caller that wins `markDisposed()` while that bit is set, or by
///   `setUpstream` when it finds the node already disposed.
/// - A terminal event is forwarded only by the caller that wins `markDisposed()`, so a reentrant
///   event sent from inside the terminal handler is dropped, never delivered after it.
/// - `disposeResources()` runs exactly once, after the node is marked disposed, outside any lock.
class SubscriptionNode<Element>: Receiver<Element>, Cancelable, @unchecked Sendable {
    // Plain constants: static properties of a generic class are not inlined, and `isDisposed`
    // runs on every delivery.
    @inline(__always) private static var disposedBit: Int { 1 }
    @inline(__always) private static var upstreamBit: Int { 2 }

    private let state = Atomic<Int>(0)
    @exclusivity(unchecked) private var upstream: (any Disposable)?  // see the invariants above
    private let resourceScope: LiveResources.Scope?

    override init() {
        resourceScope = LiveResources.acquire()
    }

    deinit {
        LiveResources.release(resourceScope)
    }

    /// `true` once the node was disposed or forwarded a terminal event.
    @inline(__always)
    final var isDisposed: Bool { state.load(ordering: .acquiring) & Self.disposedBit != 0 }

    /// Stores the upstream subscription; disposes it at once if the node is already disposed.
    ///
    /// The existential is moved in and taken out (never copied): each copy or destroy of an
    /// `(any Disposable)?` goes through runtime value witnesses when this runs unspecialized.
    final func setUpstream(_ disposable: __owned any Disposable) {
        upstream = disposable
        let old = state.bitwiseOr(Self.upstreamBit, ordering: .acquiringAndReleasing).oldValue
        if old & Self.disposedBit != 0 {
            upstream.take()?.dispose()
        }
    }

    /// Marks the node disposed. Returns the previous state if this call won, `nil` otherwise.
    @inline(__always)
    final func markDisposed() -> Int? {
        let old = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        return old & Self.disposedBit == 0 ? old : nil
    }

    /// Releases the upstream and the subclass's resources; call once with `markDisposed()`'s result.
    final func tearDown(previousState: Int) {
        if previousState & Self.upstreamBit != 0 {
            upstream.take()?.dispose()
        }
        disposeResources()
    }

    /// Disposes the subscription: no new delivery starts after this returns.
    func dispose() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
    }

    /// Subclass hook for resources beyond the upstream (timers, inner subscriptions). Runs once.
    func disposeResources() {}
}

/// A subscription node that forwards to a downstream receiver: the per-subscription half of an
/// operator (the observable is the other half).
class Sink<Input, Output>: SubscriptionNode<Input>, @unchecked Sendable {  // see SubscriptionNode
    /// The next receiver down the chain.
    final let downstream: Receiver<Output>

    init(downstream: Receiver<Output>) {
        self.downstream = downstream
    }

    /// Forwards an element unless disposed.
    @inline(__always)
    final func forwardNext(_ element: Output) {
        if !isDisposed { downstream.onNext(element) }
    }

    /// Forwards the failure once, then releases everything.
    final func forwardError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        downstream.onError(error)
        tearDown(previousState: previous)
    }

    /// Forwards completion once, then releases everything.
    final func forwardCompleted() {
        guard let previous = markDisposed() else { return }
        downstream.onCompleted()
        tearDown(previousState: previous)
    }
}

/// Adapts a receiver back to the public ``ObserverType`` (for `create`, subjects as observers…).
struct ReceiverObserver<Element>: ObserverType {
    let receiver: Receiver<Element>
    func on(_ event: Event<Element>) { receiver.on(event) }
}
