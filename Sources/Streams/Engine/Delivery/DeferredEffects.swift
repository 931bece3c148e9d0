/// How a sequence ended, without an element type: what a transition decides and the engine
/// delivers after the elements queued before it.
enum Terminal {
    case completed
    case failed(any Error)
}

/// What a transition of a ``SerializingSink`` asks for. The transition runs under the sink's
/// lock and records here; the engine acts after unlocking: it disposes, releases and schedules,
/// then delivers the emitted events in the order they were decided.
///
/// One unowned reference to the sink's ``SerializingSinkCore``: its layout does not depend on
/// `Output`, so unspecialized generic code creates it without a runtime metadata lookup.
struct DeferredEffects<Output> {
    private let controlReference: Unmanaged<SerializingSinkCore<Output>>

    /// DeferredEffects recorded into `control`; valid only during one transition, with its lock held.
    init(_ control: SerializingSinkCore<Output>) {
        controlReference = .passUnretained(control)
    }

    /// The sink's control, used without retaining it: the sink owns it and outlives every
    /// transition (an `unowned(unsafe)` stored reference would still be retained on each use).
    @inline(__always)
    private func withControl<Result>(_ body: (SerializingSinkCore<Output>) throws -> Result) rethrows -> Result {
        try controlReference._withUnsafeGuaranteedRef(body)
    }

    /// `true` once a terminal event was decided: nothing more will be delivered.
    var isStopped: Bool { withControl { control in control.isStopped } }

    /// Queues `element` for delivery (ignored, and released after unlocking, after a terminal
    /// event).
    func emit(_ element: __owned Output) {
        withControl { control in
            guard !control.isStopped else { return control.discarded.append(element) }
            control.queue.append(element)
        }
    }

    /// Holds `element` for later (``emitHeld()``), replacing the held one, which is released
    /// after unlocking.
    func hold(_ element: __owned Output) {
        withControl { control in
            if !control.held.isEmpty { control.discarded.append(control.held.removeFirst()) }
            control.held.append(element)
        }
    }

    /// `true` while an element is held.
    var isHolding: Bool { withControl { control in !control.held.isEmpty } }

    /// Queues the held element, if any, for delivery.
    func emitHeld() {
        withControl { control in
            guard !control.held.isEmpty else { return }
            emit(control.held.removeFirst())
        }
    }

    /// Releases the held element, if any, after unlocking.
    func dropHeld() {
        withControl { control in
            guard !control.held.isEmpty else { return }
            control.discarded.append(control.held.removeFirst())
        }
    }

    /// Decides normal completion, delivered after the queued elements.
    func complete() { terminate(.completed) }

    /// Decides failure, delivered after the queued elements.
    func fail(_ error: any Error) { terminate(.failed(error)) }

    private func terminate(_ terminal: Terminal) {
        withControl { control in
            guard !control.isStopped else { return }
            control.isStopped = true
            control.terminal = terminal
            control.isTerminalPending = true
            control.timer.cancel()
        }
    }

    /// Disposes `disposable` after unlocking.
    func dispose(_ disposable: __owned (any Disposable)?) {
        withControl { control in
            if let disposable { control.disposals.append(NodeLink(disposable)) }
        }
    }

    /// Disposes `node` after unlocking (a child subscription).
    func dispose(_ node: __owned DisposableNode?) {
        withControl { control in
            if let node { control.disposals.append(NodeLink(node: node)) }
        }
    }

    /// Releases `node` after unlocking (an ended child subscription).
    func release(_ node: __owned DisposableNode?) {
        withControl { control in
            if let node { control.releases.append(node: node) }
        }
    }

    /// Releases `value` after unlocking (a displaced element).
    func release<Value>(_ value: __owned Value) {
        withControl { control in
            control.releases.append(value)
        }
    }

    /// Stores `value` in `slot`, releasing what it held after unlocking.
    func replace<Value>(_ slot: inout Value?, with value: __owned Value) {
        if let old = slot.take() { release(old) }
        slot = value
    }

    /// Arms the sink's timer to fire after `dueTime`, cancelling the armed one; a tick from a
    /// cancelled or replaced timer never reaches the operator.
    func armTimer(after dueTime: RxTimeInterval) { withControl { control in control.timer.arm(.after(dueTime)) } }

    /// Arms the sink's timer to fire as soon as its scheduler can run it.
    func armTimerNow() { withControl { control in control.timer.arm(.now) } }

    /// Cancels the armed timer, if any.
    func cancelTimer() { withControl { control in control.timer.cancel() } }

    /// Accepts the timer's tick if its generation is current (the timer is then idle); the fired
    /// tick's disposable is released after unlocking.
    func acceptTick(_ generation: UInt64) -> Bool {
        withControl { control in control.timer.accept(generation, releasingInto: &control.releases) }
    }

    /// `true` while a timer is armed and has not fired.
    var isTimerArmed: Bool { withControl { control in control.timer.isArmed } }
}

/// Disposables collected under a lock, disposed after unlocking: two inline, more in an array.
///
/// The inline slots hold unmanaged references that the list retains and releases itself, so an
/// empty list is trivial to create, move and drop, and a full one costs one retain and one
/// release per node — no optional-of-class or existential code, which this toolchain outlines
/// into value-witness calls. Non-copyable: a list is moved, never duplicated, and dropping one
/// releases what it still holds.
struct DisposalList: ~Copyable {
    private var first: Unmanaged<DisposableNode>?
    private var firstKey: UInt64 = 0
    private var second: Unmanaged<DisposableNode>?
    private var secondKey: UInt64 = 0
    private var more: Unmanaged<Overflow<NodeLink>>?
    private(set) var count = 0

    init() {}

    deinit {
        first?.release()
        second?.release()
        more?.release()
    }

    /// `true` when nothing waits.
    @inline(__always) var isEmpty: Bool { count == 0 }

    mutating func append(_ link: __owned NodeLink) {
        switch count {
        case 0:
            first = .passRetained(link.node)
            firstKey = link.key
        case 1:
            second = .passRetained(link.node)
            secondKey = link.key
        default:
            Overflow.append(link, to: &more)
        }
        count += 1
    }

    /// Takes everything out, leaving the list empty.
    mutating func take() -> DisposalList {
        let taken = consume self
        self = DisposalList()
        return taken
    }

    /// Moves everything into `other`, in order.
    mutating func moveAll(into other: inout DisposalList) {
        guard count > 0 else { return }
        if other.isEmpty {
            other = take()
            return
        }
        let taken = take()
        taken.visit { other.append($0) }
    }

    /// Calls `body` with each link, in the order appended.
    func visit(_ body: (NodeLink) -> Void) {
        if let first { body(NodeLink(node: first.takeUnretainedValue(), key: firstKey)) }
        if let second { body(NodeLink(node: second.takeUnretainedValue(), key: secondKey)) }
        guard let more else { return }
        for link in more.takeUnretainedValue().values { body(link) }
    }

    /// Disposes everything, in the order appended; dropping the list then releases it.
    func disposeAll() {
        guard count > 0 else { return }
        visit { $0.dispose() }
    }
}

/// Values a transition displaced, kept alive until the lock is released: nodes (old children,
/// fired timers) two inline, anything else boxed. Dropping the list (after unlocking) releases
/// them. Non-copyable, with unmanaged inline slots, as ``DisposalList``.
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
