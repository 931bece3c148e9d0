/// The non-generic root of the engine's disposable objects: subscription nodes, one-shot
/// disposables and observer lists. A node holding one as its upstream disposes it through this
/// class — a vtable call, with no existential to store and no element type to know.
///
/// It also owns the object's one word of atomic state (see ``AtomicWord``): a subscription's
/// disposed flag, a one-shot disposable's "ran" flag. The word is the first stored property of
/// every subclass, which is what makes the engine's atomics reachable without `Synchronization`.
class DisposableNode: Disposable, @unchecked Sendable {  // the word is only touched through `AtomicWord`
    private var atomicStorage: Int

    init(atomicState: Int = 0) { atomicStorage = atomicState }

    /// The object's atomic state word.
    @inline(__always)
    final var atomicState: AtomicWord { AtomicWord(firstStoredPropertyOf: self) }

    /// Releases the object's resources; the default does nothing.
    func dispose() {}

    /// A node is its own link: a subscription stores it as its upstream without a box.
    final var _streamsUpstreamLink: (object: AnyObject, key: UInt64)? { (self, 0) }

    /// Releases the part of the object that `key` names. Only observer lists use keys (a subject's
    /// subscription is its observer list and the observer's id); the default ignores `key`.
    func dispose(key: UInt64) { dispose() }
}

/// Holds a disposable that is not a ``DisposableNode`` (a user's, or a public disposable class),
/// so it can be a node's upstream. The only case where becoming an upstream allocates.
final class DisposableBox: DisposableNode, @unchecked Sendable {  // immutable after init
    private let wrapped: any Disposable
    init(_ wrapped: any Disposable) { self.wrapped = wrapped }
    override func dispose() { wrapped.dispose() }
}
