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
