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
/// Its layout does not depend on `Output` (pointers and non-generic lists), so unspecialized
/// generic code creates it without a runtime metadata lookup.
struct Effects<Output> {
    /// The sink's delivery queue and timer, valid only during the transition.
    let control: UnsafeMutablePointer<SerialControl<Output>>
    /// Disposables to dispose after unlocking, in the order given.
    var disposals = DisposalList()
    /// Values displaced by the transition, released after unlocking.
    var releases = ReleaseList()

    init(control: UnsafeMutablePointer<SerialControl<Output>>) {
        self.control = control
    }

    /// `true` once a terminal event was decided: nothing more will be delivered.
    var isStopped: Bool { control.pointee.isStopped }

    /// Queues `element` for delivery (ignored after a terminal event).
    mutating func emit(_ element: __owned Output) {
        guard !control.pointee.isStopped else { return release(element) }
        control.pointee.queue.enqueue(element)
    }

    /// Decides normal completion, delivered after the queued elements.
    mutating func complete() { terminate(.completed) }

    /// Decides failure, delivered after the queued elements.
    mutating func fail(_ error: any Error) { terminate(.failed(error)) }

    private mutating func terminate(_ terminal: Terminal) {
        guard !control.pointee.isStopped else { return }
        control.pointee.isStopped = true
        control.pointee.terminal = terminal
        control.pointee.timer.cancel()
    }

    /// Disposes `disposable` after unlocking.
    mutating func dispose(_ disposable: __owned (any Disposable)?) {
        if let disposable { disposals.append(disposable) }
    }

    /// Releases `value` after unlocking (a displaced element, an old inner subscription).
    mutating func release<Value>(_ value: __owned Value) {
        releases.append(value)
    }

    /// Stores `value` in `slot`, releasing what it held after unlocking.
    mutating func replace<Value>(_ slot: inout Value?, with value: __owned Value) {
        if let old = slot.take() { release(old) }
        slot = value
    }

    /// Takes the value out of `slot`, or returns `nil`.
    mutating func take<Value>(_ slot: inout Value?) -> Value? { slot.take() }

    /// Arms the sink's timer to fire after `dueTime`, cancelling the armed one; a tick from a
    /// cancelled or replaced timer never reaches the operator.
    mutating func armTimer(after dueTime: RxTimeInterval) { control.pointee.timer.arm(.after(dueTime)) }

    /// Arms the sink's timer to fire as soon as its scheduler can run it.
    mutating func armTimerNow() { control.pointee.timer.arm(.now) }

    /// Cancels the armed timer, if any.
    mutating func cancelTimer() { control.pointee.timer.cancel() }

    /// Accepts the timer's tick if its generation is current (the timer is then idle).
    mutating func acceptTick(_ generation: UInt64) -> Bool { control.pointee.timer.accept(generation) }

    /// `true` while a timer is armed and has not fired.
    var isTimerArmed: Bool { control.pointee.timer.isArmed }
}

/// Disposables collected under a lock, disposed after unlocking: two inline, more in an array.
struct DisposalList {
    private var first: (any Disposable)?
    private var second: (any Disposable)?
    private var more: [any Disposable] = []

    mutating func append(_ disposable: __owned any Disposable) {
        if first == nil {
            first = disposable
        } else if second == nil {
            second = disposable
        } else {
            more.append(disposable)
        }
    }

    /// Disposes everything, in the order appended.
    mutating func disposeAll() {
        first.take()?.dispose()
        second.take()?.dispose()
        for disposable in more { disposable.dispose() }
        more = []
    }
}

/// Values a transition displaced, kept alive until the lock is released: two inline, more in an
/// array. Dropping the list (after unlocking) releases them.
struct ReleaseList {
    private var first: Any?
    private var second: Any?
    private var more: [Any] = []

    mutating func append<Value>(_ value: __owned Value) {
        if first == nil {
            first = value
        } else if second == nil {
            second = value
        } else {
            more.append(value)
        }
    }
}
