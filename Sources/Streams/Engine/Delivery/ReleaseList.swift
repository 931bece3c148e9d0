/// Values a transition displaced, kept alive until the lock is released: nodes (old children,
/// fired timers) two inline, anything else boxed. Dropping the list (after unlocking) releases
/// them. Non-copyable, with unmanaged inline slots, as ``DisposalList``.
///
/// Not a ``DisposalList`` for its nodes plus a box for the rest, though that would share the
/// slots' code: the keys a disposal list carries would make every ``WorkAfterUnlocking`` 24 bytes
/// larger, moved with `memcpy` on each transition (S8d +3.8% instructions, S8t +5.6%).
struct ReleaseList: ~Copyable {
    private var first: Unmanaged<DisposableNode>?
    private var second: Unmanaged<DisposableNode>?
    private var more: Unmanaged<Overflow<Any>>?
    private var count = 0

    init() {}

    deinit {
        first?.release()
        second?.release()
        more?.release()
    }

    /// `true` when nothing waits.
    @inline(__always) var isEmpty: Bool { count == 0 }

    /// Keeps `node` until the list is dropped.
    mutating func append(node: __owned DisposableNode) {
        if first == nil {
            first = .passRetained(node)
        } else if second == nil {
            second = .passRetained(node)
        } else {
            append(node as Any)
            return
        }
        count += 1
    }

    /// Keeps `value` until the list is dropped.
    mutating func append<Value>(_ value: __owned Value) {
        Overflow.append(value, to: &more)
        count += 1
    }

    /// Takes everything out, leaving the list empty.
    mutating func take() -> ReleaseList {
        let taken = consume self
        self = ReleaseList()
        return taken
    }
}

/// The values of a ``DisposalList`` or ``ReleaseList`` beyond its inline slots. The lists keep it
/// unmanaged, so every field of a list is trivial and an empty list is dropped without a call.
final class Overflow<Value> {
    var values: [Value] = []

    /// Appends `value` to the overflow in `slot`, creating it (retained by the slot) if needed.
    static func append(_ value: __owned Value, to slot: inout Unmanaged<Overflow>?) {
        if let slot {
            slot.takeUnretainedValue().values.append(value)
        } else {
            let overflow = Overflow()
            overflow.values.append(value)
            slot = .passRetained(overflow)
        }
    }
}
