/// The per-subscription half of every operator whose events may be decided on several threads
/// at once — several sources, or a source and a timer — with the operator's `State` behind one
/// lock and one serial-delivery queue.
///
/// An operator subclasses it and describes its inputs as transitions of `State`: ``update(_:)``
/// runs one under the lock and the ``DeferredEffects`` it records (events to deliver, disposables to
/// dispose, values to release, the timer to arm) are carried out after unlocking. Delivery is
/// serialized: an event decided while another thread (or a reentrant call) delivers is queued and
/// delivered by that thread, in decision order, so downstream never sees overlapping calls and
/// no lock is held while it runs. ``emitNext(_:if:)`` is the allocation-free path for the common
/// "accept this element and deliver it" transition.
///
/// Invariants: `state` and `control`'s fields are touched only with `control`'s lock held (all but
/// its delivery claim, an atomic word: ``SerializingSinkCore``); exactly one
/// thread runs the delivery loop while it is claimed; once `control.isStopped` is set no transition
/// runs and nothing new is queued; the timer's tick reaches ``timerFired(_:_:)`` only while its
/// generation is current.
class SerializingSink<Input, Output, State>: Sink<Input, Output>,
    @unchecked Sendable  // `state` and `control`'s fields are guarded by `control`'s lock
{
    private let control = SerializingSinkCore<Output>()
    @exclusivity(unchecked) private var state: State
    /// The timer's scheduler with a clock, or ``NoClock`` for a sink without one. Not an
    /// optional (nor an enum with existential payloads): unwrapping one copies the existential
    /// through value witnesses (a retain and a release) on every clock read, while a plain `let`
    /// existential is used in place.
    private let timedScheduler: any SchedulerType
    /// The scheduler of a timer that fires "now" (a hop), if the operator has one.
    private let hopScheduler: (any ImmediateSchedulerType)?
    /// `timedScheduler` when it runs library ticks itself (``TimerHosting``).
    private let timerHost: (any TimerHosting)?

    /// A sink starting in `state`; `timerScheduler` runs the timer, if the operator has one.
    init(state: State, timerScheduler: TimerScheduler? = nil, downstream: Receiver<Output>) {
        self.state = state
        switch timerScheduler {
        case .timed(let scheduler):
            timedScheduler = scheduler
            hopScheduler = scheduler
            timerHost = TimerScheduler.timerHost(of: scheduler)
        case .immediate(let scheduler):
            timedScheduler = NoClock()
            hopScheduler = scheduler
            timerHost = nil
        case nil:
            timedScheduler = NoClock()
            hopScheduler = nil
            timerHost = nil
        }
        super.init(downstream: downstream)
    }

    // MARK: Transitions

    /// Runs `transition` under the lock, then carries out its effects. Returns `false` without
    /// running it once the sink has stopped (a terminal event was decided, or it was disposed).
    ///
    /// Not inlined: inlined into an operator's sink, reaching this generic base class's fields
    /// would cost a runtime lookup of its metadata on every call. A transition hands values out
    /// through the caller's locals, so no generic result needs its metadata either.
    @discardableResult
    @inline(never)
    final func update(_ transition: (inout State, DeferredEffects<Output>) -> Void) -> Bool {
        control.lock()
        guard !control.isStopped else {
            control.unlock()
            return false
        }
        transition(&state, DeferredEffects(control))
        guard control.hasWork else {
            control.unlock()
            return true
        }
        carryOut(takeWork())
        return true
    }

    /// Delivers `element` if `accept` (a transition) agrees: at once when nothing is delivering
    /// or queued, otherwise after what is queued. Allocation-free, and builds no event.
    @inline(never)
    final func emitNext(_ element: Output, if accept: (inout State) -> Bool) {
        control.lock()
        guard !control.isStopped, accept(&state) else {
            control.unlock()
            return
        }
        guard control.claimIfIdle() else {
            control.queue.append(element)  // the thread delivering runs it, or this one if it just finished
            guard control.claimDelivery() else { return control.unlock() }
            return drainQueued()
        }
        control.unlock()
        forwardNext(element)
        deliverQueued()
    }

    /// Delivers `element`, which every state of the operator accepts (a merged inner's element):
    /// without taking the lock when nothing is delivering or queued and the sink runs — one
    /// compare-and-swap to claim the delivery and one to give it back — otherwise as
    /// ``emitNext(_:if:)``.
    @inline(never)
    final func emitNext(_ element: Output) {
        guard control.claimUncontended() else { return emitNext(element) { _ in true } }
        forwardNext(element)
        deliverQueued()
    }

    /// Takes what the transition left to do and releases the lock.
    @inline(never)
    private func takeWork() -> WorkAfterUnlocking {
        var work = WorkAfterUnlocking(deliver: control.claimDelivery())
        // Only what is there: moving an empty list still costs a few dozen instructions.
        if !control.disposals.isEmpty { work.disposals = control.disposals.take() }
        if !control.releases.isEmpty { work.releases = control.releases.take() }
        if control.timer.hasWork {
            (work.timerDue, work.timerGeneration) = control.timer.takeWork(cancellingInto: &work.disposals)
        }
        control.unlock()
        return work
    }

    /// Carries out a transition's work, outside the lock: disposes and releases, schedules the
    /// timer, then delivers what was decided.
    @inline(never)
    private func carryOut(_ work: consuming WorkAfterUnlocking) {
        work.disposals.disposeAll()
        if case .none = work.timerDue {} else { schedule(work.timerDue, generation: work.timerGeneration) }
        if work.deliver {
            control.lock()
            drainQueued()
        }
        // `work.releases` is released when `work` goes away, after unlocking.
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
    final func subscribeChild<Owner: ChildOwner>(
        _ source: Observable<Owner.ChildElement>, owner: Owner, key: Int = 0,
        keep: (inout State, DisposableNode) -> Void
    ) {
        let child = ChildNode(owner: owner, key: key)
        guard update({ state, _ in keep(&state, child) }) else { return }
        child.subscribe(to: source)
    }

    // MARK: Delivery

    /// After delivering an element directly: gives the loop back, or, if work arrived meanwhile,
    /// delivers it. The common case — nothing arrived — is one compare-and-swap, inline; the loop
    /// is outlined.
    @inline(__always)
    private func deliverQueued() {
        if control.releaseClaim() { return }  // nothing arrived meanwhile: one compare-and-swap
        control.lock()
        control.keepDelivering()  // what arrived is drained now
        drainQueued()
    }

    /// The delivery loop: delivers what is queued, one event at a time and outside the lock,
    /// until the queue is empty, then gives the loop back. Called with the lock held by the thread
    /// that holds the delivery claim.
    @inline(never)
    private func drainQueued() {
        while !control.discarded.isEmpty {
            let element = control.discarded.removeFirst()
            // Nothing is delivered for a discarded element, so the loop can be released in the
            // same critical section when nothing else waits.
            let done = control.discarded.isEmpty && control.queue.isEmpty && !control.isTerminalPending
            if done { control.giveBackClaim() }
            control.unlock()
            _ = consume element  // released here, after unlocking
            if done { return }
            control.lock()
        }
        while !control.queue.isEmpty {
            do {  // the element's scope ends before the lock is taken again: it is released outside
                let element = control.queue.removeFirst()
                control.unlock()
                forwardNext(element)
            }
            control.lock()
        }
        guard control.isTerminalPending else {
            control.giveBackClaim()  // nothing waits
            return control.unlock()
        }
        control.isTerminalPending = false
        let terminal = control.terminal.take()
        control.closeAfterTerminal()
        control.unlock()
        switch terminal {
        case .completed: forwardCompleted()
        case .failed(let error): forwardError(error)
        case nil: break
        }
    }

    /// Reads the state under the lock, for a diagnostic off the event path: takes part in no
    /// transition and carries out no one's work. `read` must only copy a value out.
    final func readState<Value>(_ read: (State) -> Value) -> Value {
        control.lock()
        defer { control.unlock() }
        return read(state)
    }

    // MARK: Timer

    /// The timer scheduler's clock. Read it before a transition, never inside one.
    final var now: RxTime {
        // Through the class-bound host, in place, when there is one: cheaper than projecting the
        // opaque existential.
        timerHost?.now ?? timedScheduler.now
    }

    private func schedule(_ due: TimerSlot.Due, generation: UInt64) {
        let tick = TimerTick(target: self, id: generation)
        let scheduled: DisposableNode
        switch due {
        case .after(let dueTime):
            // Called in place (optional chaining), not unwrapped into a copy: no retain per timer.
            scheduled =
                timerHost?.scheduleTimer(tick, after: dueTime)
                ?? TimerScheduler.scheduleRelative(tick, dueTime, on: timedScheduler)
        case .now:
            guard let hopScheduler else { preconditionFailure("a SerializingSink armed a timer without a scheduler") }
            scheduled = DisposableBox(hopScheduler.schedule(tick) { $0.fire() })
        case .none:
            return
        }
        control.lock()
        let kept = !control.isStopped && control.timer.store(scheduled, for: generation)
        let check = control.timer.intervalCheck
        control.unlock()
        if !kept { scheduled.dispose() }
        if case .after(let dueTime) = due, check != .never, let timerHost {
            checkInterval(dueTime, on: timerHost, check)
        }
    }

    /// Reports `dueTime` if `host` makes it no time at all and the operator's interval too
    /// (``TimerHosting``). The first timer decides, for the interval the operator was given,
    /// whether any of this sink's timers can be reported: once it cannot (nearly always), no
    /// timer is checked again. Outside the lock (it reads the operator's interval).
    @inline(never)
    private func checkInterval(_ dueTime: RxTimeInterval, on host: any TimerHosting, _ check: TimerSlot.IntervalCheck) {
        if case .undecided = check {
            let given = timerOperatorInterval ?? dueTime
            let reports = given.totalNanoseconds > 0 && host.roundsToZero(given)
            control.lock()
            control.timer.intervalCheck = reports ? .everyTimer : .never
            control.unlock()
            guard reports else { return }
        }
        host.reportIfRoundedToZero(dueTime, by: self)
    }

    /// A tick from the scheduler (``DisposableNode/timerFired(_:)``).
    override final func timerFired(_ id: UInt64) -> any Disposable {
        tick(generation: id)
        return NopDisposable()
    }

    /// Handles a tick: the default runs ``timerFired(_:_:)`` if the tick is current. A sink that
    /// must do work outside the lock on a tick (a scheduled source pulling its next element)
    /// overrides it and checks ``acceptTick(_:)`` first.
    func tick(generation: UInt64) {
        update { state, effects in
            guard effects.acceptTick(generation) else { return }
            timerFired(&state, effects)
        }
    }

    /// Accepts a tick if its generation is current (the timer is then idle).
    final func acceptTick(_ generation: UInt64) -> Bool {
        var accepted = false
        update { _, effects in accepted = effects.acceptTick(generation) }
        return accepted
    }

    /// Runs `transition` if the tick of `generation` is current and returns what it returns
    /// (`false` for a stale tick): for a sink whose tick, once its transition has run, may have
    /// work to do outside the lock (`delay` arms the timer for the next event, `timeout` subscribes
    /// its other source).
    @inline(__always)
    final func updateForTick(_ generation: UInt64, _ transition: (inout State, DeferredEffects<Output>) -> Bool)
        -> Bool
    {
        var result = false
        update { state, effects in
            guard effects.acceptTick(generation) else { return }
            result = transition(&state, effects)
        }
        return result
    }

    /// The operator's transition for its timer's tick. Only operators that arm a timer override it.
    func timerFired(_ state: inout State, _ effects: DeferredEffects<Output>) {
        preconditionFailure("\(type(of: self)) armed a timer but does not handle it")
    }

    // MARK: Disposal

    /// The operator's transition when the subscription ends (disposal or a delivered terminal
    /// event): moves inner subscriptions and held elements into `effects`.
    func willDispose(_ state: inout State, _ effects: DeferredEffects<Output>) {}

    override final func disposeResources() {
        control.lock()
        control.isStopped = true
        control.closeClaim()
        control.terminal = nil
        control.isTerminalPending = false
        let queued = control.queue.removeAll()
        let held = control.held.removeAll()
        let discarded = control.discarded.removeAll()
        var timer = DisposalList()
        control.timer.cancelAll(into: &timer)
        willDispose(&state, DeferredEffects(control))
        let disposals = control.disposals.take()
        let releases = control.releases.take()
        control.unlock()
        timer.disposeAll()
        disposals.disposeAll()
        _ = consume releases  // released here, after unlocking
        _ = consume queued
        _ = consume held
        _ = consume discarded
    }
}

/// The clock of a ``SerializingSink`` whose operator has none: reading it or timing work with it
/// is a bug in the operator, reported as such.
private struct NoClock: SchedulerType {
    var now: RxTime { preconditionFailure("a SerializingSink read a clock but its operator has no timed scheduler") }

    func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        preconditionFailure("a SerializingSink scheduled work but its operator has no scheduler")
    }

    func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        preconditionFailure("a timer with a due time needs a scheduler with a clock")
    }
}
