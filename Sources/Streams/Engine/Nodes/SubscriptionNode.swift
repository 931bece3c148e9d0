// `SubscriptionNode` and `Sink`, the class every operator's sink subclasses, share this file so
// that the terminal-event steps (`beginTerminal`/`finishTerminal`) stay private to the two.

/// A receiver that is also the subscription to its upstream: it owns the upstream disposable and
/// a disposed flag that every delivery checks.
///
/// States (bits of the atomic state word): live; terminating (`disposed` without `released`: a
/// ``Sink`` is delivering its terminal event); released (`disposed` and `released`: torn down, or
/// being torn down by the one caller that set `released`).
///
/// Invariants (all transitions go through the atomic state word):
/// - `upstream`/`upstreamKey` are written once, before the `hasUpstream` bit is published, and
///   read and cleared only by the single caller that sets `released` while that bit is set, or by
///   `setUpstream` when it finds the node already released.
/// - A terminal event is forwarded only by the caller that sets `disposed`, so a reentrant event
///   sent from inside the terminal handler is dropped, never delivered after it.
/// - `disposeResources()` runs exactly once, after the node is released, outside any lock.
/// - A terminating node is released by its own delivery once it returns, or earlier by
///   ``DisposableNode/disposeFromDownstream()`` (its downstream finished with the event and lets
///   go of it, as RxSwift's sinks dispose their source right after forwarding a terminal event);
///   a plain `dispose()` leaves it to the delivery. So on a terminal event the source's resources
///   go first, then each operator's downstream of it, as in RxSwift.
/// - The bits of the word above the flags hold the retained `LiveResources.Scope` the node was
///   counted into (an object pointer, so its low four bits are zero), set in `init` and read in
///   `deinit` only; the `uncounted` bit, set in `init` too, says that the node is not counted.
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

    /// A node not counted in ``LiveResources``: one that only stands for a subscription whose
    /// other nodes are counted (``PipelineEndNode``).
    init(uncounted: Void) {
        super.init(atomicState: Bits.uncountedBit)
    }

    deinit {
        let word = atomicState.loadRelaxed()
        if word & Bits.uncountedBit != 0 { return }
        if let pointer = UnsafeRawPointer(bitPattern: word & ~Bits.flagBits) {
            LiveResources.release(Unmanaged<LiveResources.Scope>.fromOpaque(pointer).takeRetainedValue())
        } else {
            LiveResources.release(nil)
        }
    }

    /// `true` once the node was disposed or forwarded a terminal event.
    @inline(__always)
    @usableFromInline
    final var isDisposed: Bool { Bits.isDisposed(atomicState.peek()) }

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
        if old & Bits.releasedBit != 0 {
            disposeUpstream(fromDownstream: false)
        }
    }

    /// Disposes and releases the upstream, if any; `fromDownstream` passes on an early release
    /// (see ``DisposableNode/disposeFromDownstream()``).
    private func disposeUpstream(fromDownstream: Bool) {
        guard let node = upstream.take() else { return }
        if upstreamKey != 0 {
            node.dispose(key: upstreamKey)
        } else if fromDownstream {
            node.disposeFromDownstream()
        } else {
            node.dispose()
        }
    }

    /// Marks the node disposed and released. Returns the previous state if this call won, `nil`
    /// otherwise (the node was released, or is delivering its terminal event, and that delivery
    /// releases it).
    @inline(__always)
    final func markDisposed() -> Int? { Bits.markDisposed(atomicState) }

    /// Releases the upstream and the subclass's resources; call once with `markDisposed()`'s result.
    final func tearDown(previousState: Int) {
        tearDownUpstream(previousState: previousState)
        disposeResources()
    }

    /// Ends the subscription on a terminal event, once: the caller that sets the disposed bit runs
    /// `handler` (the consumer's terminal closure or observer call, outside every lock), then
    /// tears the node down; a terminal event after the end, or after disposal, is dropped. The
    /// terminal handling of every node at the end of a chain (``ConsumerNode``'s subclasses,
    /// ``PipelineEndNode``).
    @inline(__always)
    final func endOnTerminal(_ handler: () -> Void) {
        guard let previous = markDisposed() else { return }
        handler()
        tearDown(previousState: previous)
    }

    /// The first half of ``tearDown(previousState:)``: disposes and releases the upstream, if any.
    final func tearDownUpstream(previousState: Int) {
        if previousState & Bits.upstreamBit != 0 {
            disposeUpstream(fromDownstream: false)
        }
    }

    /// Starts delivering a terminal event: `false` if the node was already disposed or
    /// terminating. The caller delivers, then calls ``finishTerminal()``.
    @inline(__always)
    fileprivate final func beginTerminal() -> Bool {
        atomicState.setBits(Bits.disposedBit) & Bits.disposedBit == 0
    }

    /// Ends a terminal delivery: releases the node unless its downstream already did.
    @inline(__always)
    fileprivate final func finishTerminal() {
        let old = atomicState.setBits(Bits.releasedBit)
        guard old & Bits.releasedBit == 0 else { return }
        releaseEarly(previousState: old)
    }

    /// Releases the node now, even while it delivers its terminal event, passing the early release
    /// on to its upstream. A live node is disposed as usual.
    override final func disposeFromDownstream() {
        if atomicState.load() & Bits.disposedBit == 0 { return dispose() }
        let old = atomicState.setBits(Bits.disposedBit | Bits.releasedBit)
        guard old & Bits.releasedBit == 0 else { return }
        releaseEarly(previousState: old)
    }

    private func releaseEarly(previousState: Int) {
        if previousState & Bits.upstreamBit != 0 {
            disposeUpstream(fromDownstream: true)
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

    /// Marks the node disposed and released without running anything: its source let go of it
    /// (see ``DisposableNode/upstreamWentAway()``). The upstream link is dropped, not disposed.
    /// Returns `false` if the subscription had already ended.
    final func markDisposedSilently() -> Bool {
        guard let previous = markDisposed() else { return false }
        if previous & Bits.upstreamBit != 0 { upstream = nil }
        return true
    }
}

/// The bits of a ``SubscriptionNode``'s atomic state word, outside the generic class: static
/// properties of a generic class are not inlined, and `isDisposed` runs on every delivery.
enum SubscriptionState {
    @inline(__always) static var disposedBit: Int { 1 }
    @inline(__always) static var upstreamBit: Int { 2 }
    @inline(__always) static var releasedBit: Int { 4 }
    @inline(__always) static var uncountedBit: Int { 8 }
    @inline(__always) static var flagBits: Int { 15 }

    /// `true` if `word` says the node was disposed or forwarded a terminal event.
    @inline(__always)
    static func isDisposed(_ word: Int) -> Bool { word & disposedBit != 0 }

    /// Sets the disposed and released bits of `word` unless the disposed bit is set; returns the
    /// previous value if this call set them, `nil` otherwise
    /// (``SubscriptionNode/markDisposed()``, and ``SubscriptionHandle``, which reaches only the word).
    @inline(__always)
    static func markDisposed(_ word: AtomicWord) -> Int? {
        var state = word.loadRelaxed()
        repeat {
            if state & disposedBit != 0 { return nil }
        } while !word.compareExchange(expected: &state, desired: state | disposedBit | releasedBit)
        return state
    }
}

/// A subscription node that forwards to a downstream receiver: the per-subscription half of an
/// operator (the observable is the other half).
@usableFromInline
class Sink<Input, Output>: SubscriptionNode<Input>, @unchecked Sendable {  // see SubscriptionNode
    /// The next receiver down the chain.
    final let downstream: Receiver<Output>

    init(downstream: Receiver<Output>) {
        self.downstream = downstream
        super.init()
    }

    /// A sink not counted in ``LiveResources``: the ``Inspector``'s probe, which must not change
    /// what a leak check counts.
    init(downstream: Receiver<Output>, uncounted: Void) {
        self.downstream = downstream
        super.init(uncounted: ())
    }

    /// The upstream failed: by default the failure is forwarded (``forwardError(_:)``).
    override func onError(_ error: any Error) { forwardError(error) }

    /// The upstream completed: by default completion is forwarded (``forwardCompleted()``).
    override func onCompleted() { forwardCompleted() }

    /// Forwards an element unless disposed.
    @inline(__always)
    @usableFromInline
    final func forwardNext(_ element: Output) {
        if !isDisposed { downstream.onNext(element) }
    }

    /// Forwards the failure once, then releases everything (unless the downstream already
    /// released this sink early, as it may while handling the event).
    final func forwardError(_ error: any Error) {
        guard beginTerminal() else { return }
        downstream.onError(error)
        finishTerminal()
    }

    /// Forwards completion once, then releases everything (see ``forwardError(_:)``).
    final func forwardCompleted() {
        guard beginTerminal() else { return }
        downstream.onCompleted()
        finishTerminal()
    }

    /// Forwards the failure once, runs `epilogue` (the operator's work after the downstream
    /// handled the event), then releases everything (see ``forwardError(_:)``).
    final func forwardError(_ error: any Error, then epilogue: () -> Void) {
        guard beginTerminal() else { return }
        downstream.onError(error)
        epilogue()
        finishTerminal()
    }

    /// Forwards completion once, runs `epilogue`, then releases everything (see
    /// ``forwardError(_:then:)``).
    final func forwardCompleted(then epilogue: () -> Void) {
        guard beginTerminal() else { return }
        downstream.onCompleted()
        epilogue()
        finishTerminal()
    }
}
