/// The engine's half of a ``SerializingSink``: the serial-delivery queue, the decided terminal
/// event and the timer, guarded by the sink's lock. Its layout does not depend on `Output`.
///
/// States: running (transitions run; emitted elements go through `queue`); stopped (a terminal
/// event was decided or the sink was disposed: no transition runs, nothing new is queued, and
/// the terminal event is delivered after the elements already queued).
struct SerialControl<Output> {
    /// Elements decided but not delivered yet, in decision order, and who delivers them.
    var queue = DeliveryQueue<Output>()
    /// The decided terminal event, delivered once the queue is empty.
    var terminal: Terminal?
    /// `true` once a terminal event was decided or the sink was disposed.
    var isStopped = false
    /// The sink's timer.
    var timer = TimerSlot()

    /// Claims the delivery loop if something waits (elements or the terminal event) and nobody
    /// is delivering.
    mutating func claimDelivery() -> Bool {
        queue.claim() || (terminal != nil && queue.claimIfIdle())
    }
}

/// The per-subscription half of every operator whose events may be decided on several threads
/// at once — several sources, or a source and a timer — with the operator's `State` behind one
/// lock and one serial-delivery queue.
///
/// An operator subclasses it and describes its inputs as transitions of `State`: ``update(_:)``
/// runs one under the lock and the ``Effects`` it records (events to deliver, disposables to
/// dispose, values to release, the timer to arm) are carried out after unlocking. Delivery is
/// serialized: an event decided while another thread (or a reentrant call) delivers is queued and
/// delivered by that thread, in decision order, so downstream never sees overlapping calls and
/// no lock is held while it runs. ``emitNext(_:if:)`` is the allocation-free path for the common
/// "accept this element and deliver it" transition.
///
/// Invariants: `state` and `control` are touched only with `lock` held; exactly one thread
/// delivers while `control.isDelivering` is set; once `control.isStopped` is set no transition
/// runs and nothing new is queued; the timer's tick reaches ``timerFired(_:_:)`` only while its
/// generation is current.
class SerializingSink<Input, Output, State>: Sink<Input, Output>, TimerTarget,
    @unchecked Sendable  // `state` and `control` are guarded by `lock`
{
    private let lock = Lock()
    @exclusivity(unchecked) private var state: State
    @exclusivity(unchecked) private var control = SerialControl<Output>()
    private let timerScheduler: TimerScheduler?

    /// A sink starting in `state`; `timerScheduler` runs the timer, if the operator has one.
    init(state: State, timerScheduler: TimerScheduler? = nil, downstream: Receiver<Output>) {
        self.state = state
        self.timerScheduler = timerScheduler
        super.init(downstream: downstream)
    }

    deinit { control.queue.destroy() }

    // MARK: Transitions

    /// Runs `transition` under the lock, then carries out its effects. Returns `nil` without
    /// running it once the sink has stopped (a terminal event was decided, or it was disposed).
    @discardableResult
    final func update<Result>(_ transition: (inout State, inout Effects<Output>) -> Result) -> Result? {
        lock.lock()
        guard !control.isStopped else {
            lock.unlock()
            return nil
        }
        return withUnsafeMutablePointer(to: &control) { control in
            var effects = Effects(control: control)
            let result = transition(&state, &effects)
            let deliver = control.pointee.claimDelivery()
            let timer = control.pointee.timer.takeWork()
            lock.unlock()
            carryOut(&effects, timer: timer, deliver: deliver)
            return result
        }
    }

    /// Delivers `element` if `accept` (a transition) agrees: at once when nothing is delivering
    /// or queued, otherwise after what is queued. Allocation-free, and builds no event.
    @inline(__always)
    final func emitNext(_ element: __owned Output, if accept: (inout State) -> Bool) {
        lock.lock()
        guard !control.isStopped, accept(&state) else {
            lock.unlock()
            return
        }
        guard let now = control.queue.submit(element) else {
            lock.unlock()  // queued: the thread delivering runs it
            return
        }
        lock.unlock()
        forwardNext(now)
        deliverQueued()
    }

    private func carryOut(
        _ effects: inout Effects<Output>, timer: (cancel: (any Disposable)?, due: TimerSlot.Due?, generation: UInt64),
        deliver: Bool
    ) {
        timer.cancel?.dispose()
        effects.disposals.disposeAll()
        if let due = timer.due { schedule(due, generation: timer.generation) }
        if deliver { deliverQueued() }
    }

    /// The upstream failed: the default fails the sink (after what is queued).
    override func onError(_ error: any Error) {
        update { _, effects in effects.fail(error) }
    }

    /// The upstream completed: the default completes the sink (after what is queued).
    override func onCompleted() {
        update { _, effects in effects.complete() }
    }

    /// Subscribes a child of this sink to `source`, after `keep` stored it in the state (so the
    /// sink's disposal reaches it, even while it subscribes). Nothing is subscribed once stopped.
    final func subscribeChild<Element>(
        _ source: Observable<Element>, owner: any ChildOwner<Element>, key: Int = 0,
        keep: (inout State, ChildNode<Element>) -> Void
    ) {
        let child = ChildNode(owner: owner, key: key)
        guard update({ state, _ in keep(&state, child) }) != nil else { return }
        child.subscribe(to: source)
    }

    // MARK: Delivery

    /// The delivery loop: delivers what is queued, one event at a time and outside the lock,
    /// until the queue is empty. Called by the thread that claimed the delivery.
    private func deliverQueued() {
        while true {
            lock.lock()
            if !control.queue.isEmpty, let element = control.queue.next() {
                lock.unlock()
                forwardNext(element)
                continue
            }
            let terminal = control.terminal.take()
            if terminal == nil {
                _ = control.queue.next()  // nothing waits: releases the loop
            } else {
                control.queue.close()  // nothing is delivered after a terminal event
            }
            lock.unlock()
            switch terminal {
            case .completed: forwardCompleted()
            case .failed(let error): forwardError(error)
            case nil: break
            }
            return
        }
    }

    // MARK: Timer

    /// The timer scheduler's clock. Read it before a transition, never inside one.
    final var now: RxTime {
        guard case .timed(let scheduler) = timerScheduler else {
            preconditionFailure("\(type(of: self)) reads a clock but has no timed scheduler")
        }
        return scheduler.now
    }

    private func schedule(_ due: TimerSlot.Due, generation: UInt64) {
        guard let timerScheduler else { preconditionFailure("a SerializingSink armed a timer without a scheduler") }
        let scheduled = timerScheduler.schedule(self, id: generation, due: due)
        lock.lock()
        let rejected = control.isStopped ? scheduled : control.timer.store(scheduled, for: generation)
        lock.unlock()
        rejected?.dispose()
    }

    /// A tick from the scheduler (``TimerTarget``).
    final func timerFired(_ id: UInt64) -> any Disposable {
        tick(generation: id)
        return NopDisposable()
    }

    /// Handles a tick: the default runs ``timerFired(_:_:)`` if the tick is current. A sink that
    /// must do work outside the lock on a tick (a scheduled source pulling its next element)
    /// overrides it and checks ``acceptTick(_:)`` first.
    func tick(generation: UInt64) {
        update { state, effects in
            guard effects.acceptTick(generation) else { return }
            timerFired(&state, &effects)
        }
    }

    /// Accepts a tick if its generation is current (the timer is then idle).
    final func acceptTick(_ generation: UInt64) -> Bool {
        update { _, effects in effects.acceptTick(generation) } ?? false
    }

    /// The operator's transition for its timer's tick. Only operators that arm a timer override it.
    func timerFired(_ state: inout State, _ effects: inout Effects<Output>) {
        preconditionFailure("\(type(of: self)) armed a timer but does not handle it")
    }

    // MARK: Disposal

    /// The operator's transition when the subscription ends (disposal or a delivered terminal
    /// event): moves inner subscriptions and held elements into `effects`.
    func willDispose(_ state: inout State, _ effects: inout Effects<Output>) {}

    override final func disposeResources() {
        lock.lock()
        control.isStopped = true
        control.terminal = nil
        let queued = control.queue.removeAll()
        let timer = control.timer.takeAll()
        let (disposals, releases) = withUnsafeMutablePointer(to: &control) { control in
            var effects = Effects(control: control)
            willDispose(&state, &effects)
            return (effects.disposals, effects.releases)
        }
        lock.unlock()
        var toDispose = disposals
        timer?.dispose()
        toDispose.disposeAll()
        withExtendedLifetime((queued, releases)) {}  // released only now, outside the lock
    }
}
