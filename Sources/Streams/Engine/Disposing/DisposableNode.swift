/// The non-generic root of the engine's disposable objects: subscription nodes, one-shot
/// disposables and observer lists. A node holding one as its upstream disposes it through this
/// class — a vtable call, with no existential to store and no element type to know.
///
/// It also owns the object's one word of atomic state (see ``AtomicWord``): a subscription's
/// disposed flag, a one-shot disposable's "ran" flag. The word is the first stored property of
/// every subclass, which is what makes the engine's atomics reachable without `Synchronization`.
@usableFromInline
class DisposableNode: Disposable, @unchecked Sendable {  // the word is only touched through `AtomicWord`
    private var atomicStorage: Int

    init(atomicState: Int = 0) { atomicStorage = atomicState }

    /// The object's atomic state word.
    @inline(__always)
    final var atomicState: AtomicWord { AtomicWord(firstStoredPropertyOf: self) }

    /// Releases the object's resources; the default does nothing.
    @usableFromInline
    func dispose() {}

    /// Disposes the node on behalf of the node it delivers to, once that one has handled a
    /// terminal event from it and lets go of it. A subscription still delivering that event
    /// releases its resources now instead of when its delivery returns (see ``SubscriptionNode``);
    /// anything else just disposes.
    @usableFromInline
    func disposeFromDownstream() { dispose() }

    /// The source this node receives from let go of it without ending it (a subject that went
    /// away). Only the nodes the app subscribes with (``ConsumerNode``) act on it: they release
    /// what the app's subscription captured. The default does nothing.
    func upstreamWentAway() {}

    /// A ``SubscriptionHandle`` ended the subscription by setting the disposed bit of this node's
    /// state word, whose value before is `previousState`: the node tears down as its own
    /// `dispose()` would have, and the handle releases it afterwards. Only the nodes that have
    /// handles (``ConsumerNode``) implement it.
    func tearDownAfterHandleDisposal(previousState: Int) {
        preconditionFailure("\(type(of: self)) has no subscription handle")
    }

    /// A node is its own link: a subscription stores it as its upstream without a box.
    @usableFromInline
    final var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { (self, 0) }

    /// A tick of a timer this object scheduled (through ``TimerTick``); `id` lets it recognise a
    /// stale tick. Runs on the scheduler; the result is kept by the scheduled item and disposed
    /// with it. Only timer targets override it.
    func timerFired(_ id: UInt64) -> any Disposable {
        preconditionFailure("\(type(of: self)) scheduled a timer but does not handle it")
    }

    /// The operator whose timer this object schedules, as diagnostics name it
    /// (``Hooks/intervalRoundedToZero``): `"debounce"`. Read only when a report is made, never
    /// per element; timer targets override it.
    var timerOperatorName: String { "\(type(of: self))" }

    /// The interval the operator was given, for an operator whose timer may wait for less (what
    /// remains of it: `throttle`, `delay`); `nil` when every timer it schedules waits for the
    /// interval it was given (a sink then takes its first timer's interval for it). Read once per
    /// sink, at its first timer on a scheduler that may round intervals (``TimerHosting``), and
    /// when a report may be made.
    var timerOperatorInterval: RxTimeInterval? { nil }

    /// Releases the part of the object that `key` names. Only observer lists use keys (a subject's
    /// subscription is its observer list and the observer's id); the default ignores `key`.
    func dispose(key: UInt64) { dispose() }
}

extension DisposableNode {
    /// A node that stands for "no node" in the engine's inline lists: a non-optional reference is
    /// copied and dropped with a plain retain and release, while an optional one goes through
    /// outlined value-witness code on this toolchain.
    static let none = DisposableNode()
}
