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

    /// Dispatches a boxed event to the three methods above.
    final func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): onNext(element)
        case .error(let error): onError(error)
        case .completed: onCompleted()
        }
    }
}

/// A receiver that is also the subscription to its upstream: it owns the upstream disposable and
/// a disposed flag that every delivery checks.
///
/// Invariants (all transitions go through the atomic state word):
/// - `upstream`/`upstreamKey` are written once, before the `hasUpstream` bit is published, and
///   read and cleared only by the single caller that wins `markDisposed()` while that bit is set,
///   or by `setUpstream` when it finds the node already disposed.
/// - A terminal event is forwarded only by the caller that wins `markDisposed()`, so a reentrant
///   event sent from inside the terminal handler is dropped, never delivered after it.
/// - `disposeResources()` runs exactly once, after the node is marked disposed, outside any lock.
/// - The bits of the word above the flags hold the retained `LiveResources.Scope` the node was
///   counted into (an object pointer, so its low four bits are zero), set in `init` and read in
///   `deinit` only.
///
/// Memory (Docs/Performance.md, M1): the upstream is two words — a ``DisposableNode`` and a key
/// for ``DisposableNode/dispose(key:)`` — instead of an `any Disposable` existential (five
/// words), as the disposable's `_streamsUpstreamLink` says. Anything else is boxed.
@usableFromInline
class SubscriptionNode<Element>: Receiver<Element>, Cancelable, @unchecked Sendable {  // see the invariants
    private typealias Bits = SubscriptionState

    @exclusivity(unchecked) private var upstream: DisposableNode?  // see the invariants above
    @exclusivity(unchecked) private var upstreamKey: UInt64 = 0  // see the invariants above

    init() {
        var bits = 0
        if let scope = LiveResources.acquire() {
            bits = Int(bitPattern: Unmanaged.passRetained(scope).toOpaque())
            assert(bits & Bits.flagBits == 0, "an object pointer has free low bits")
        }
        super.init(atomicState: bits)
    }

    deinit {
        let bits = atomicState.loadRelaxed() & ~Bits.flagBits
        if let pointer = UnsafeRawPointer(bitPattern: bits) {
            LiveResources.release(Unmanaged<LiveResources.Scope>.fromOpaque(pointer).takeRetainedValue())
        } else {
            LiveResources.release(nil)
        }
    }

    /// `true` once the node was disposed or forwarded a terminal event.
    @inline(__always)
    @usableFromInline
    final var isDisposed: Bool { Bits.isDisposed(atomicState.load()) }

    /// Stores the upstream subscription; disposes it at once if the node is already disposed.
    ///
    /// The library's own disposables hand over their link (one witness call, no runtime cast);
    /// the no-op disposable's link says there is nothing to keep; anything else is boxed.
    final func setUpstream(_ disposable: __owned any Disposable) {
        if let link = disposable._streamsUpstreamLink {
            if link.key == NodeLink.nothingKey { return }  // a disposable that does nothing
            // Only the library's own disposables answer with a link, and their objects are nodes.
            upstream = unsafeDowncast(link.object, to: DisposableNode.self)
            upstreamKey = link.key
        } else {
            upstream = DisposableBox(disposable)
        }
        let old = atomicState.setBits(Bits.upstreamBit)
        if old & Bits.disposedBit != 0 {
            disposeUpstream()
        }
    }

    /// Disposes and releases the upstream, if any.
    private func disposeUpstream() {
        guard let node = upstream.take() else { return }
        if upstreamKey == 0 { node.dispose() } else { node.dispose(key: upstreamKey) }
    }

    /// Marks the node disposed. Returns the previous state if this call won, `nil` otherwise.
    @inline(__always)
    final func markDisposed() -> Int? {
        let old = atomicState.setBits(Bits.disposedBit)
        return old & Bits.disposedBit == 0 ? old : nil
    }

    /// Releases the upstream and the subclass's resources; call once with `markDisposed()`'s result.
    final func tearDown(previousState: Int) {
        if previousState & Bits.upstreamBit != 0 {
            disposeUpstream()
        }
        disposeResources()
    }

    /// Disposes the subscription: no new delivery starts after this returns.
    @usableFromInline
    override func dispose() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
    }

    /// Subclass hook for resources beyond the upstream (timers, inner subscriptions). Runs once,
    /// outside every lock.
    func disposeResources() {}
}

/// The bits of a ``SubscriptionNode``'s atomic state word, outside the generic class so that
/// non-generic code (``StageRun``) reads them too. Plain constants: static properties of a
/// generic class are not inlined, and `isDisposed` runs on every delivery.
enum SubscriptionState {
    @inline(__always) static var disposedBit: Int { 1 }
    @inline(__always) static var upstreamBit: Int { 2 }
    @inline(__always) static var flagBits: Int { 15 }

    /// `true` if `word` says the node was disposed or forwarded a terminal event.
    @inline(__always)
    static func isDisposed(_ word: Int) -> Bool { word & disposedBit != 0 }
}

/// A subscription node that forwards to a downstream receiver: the per-subscription half of an
/// operator (the observable is the other half).
@usableFromInline
class Sink<Input, Output>: SubscriptionNode<Input>, @unchecked Sendable {  // see SubscriptionNode
    /// The next receiver down the chain.
    final let downstream: Receiver<Output>

    init(downstream: Receiver<Output>) {
        self.downstream = downstream
    }

    /// Forwards an element unless disposed.
    @inline(__always)
    @usableFromInline
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
