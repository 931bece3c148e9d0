// Timing: the timer starts at subscription and restarts with each element. If it fires first,
// the source's subscription is disposed and `other` is subscribed (the plain form's `other`
// fails with ``StreamsError/timeout``). Disposal cancels the timer and disposes whichever
// subscription is live.
//
// States: watching (the source is a child; each of its elements re-arms the timer); switched
// (the timer fired: the source is disposed and `other` is the child whose events count);
// stopped (engine).

extension ObservableType {
    /// Forwards the source's events, but fails with ``StreamsError/timeout`` if `dueTime` passes
    /// on `scheduler` without an event (counted from subscription, then from each element).
    ///
    /// On timeout the source subscription is disposed. Disposal cancels the timer.
    public func timeout(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        Timeout(
            source: asObservable(), dueTime: dueTime, other: ErrorObservable(StreamsError.timeout),
            scheduler: scheduler
        )
        .asObservable().inspected(as: "timeout", file: file, line: line)
    }

    /// Forwards the source's events, but switches to `other` if `dueTime` passes on `scheduler`
    /// without an event (counted from subscription, then from each element).
    ///
    /// On timeout the source subscription is disposed, then `other` is subscribed and its events
    /// are forwarded. Disposal cancels the timer and disposes whichever subscription is live.
    public func timeout<Other: ObservableType>(
        _ dueTime: RxTimeInterval, other: Other, scheduler: some SchedulerType, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> where Other.Element == Element {
        Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
            .asObservable().inspected(as: "timeout", file: file, line: line)
    }
}

private struct Timeout<Element>: Producer {
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let other: Observable<Element>
    let scheduler: any SchedulerType

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TimeoutSink(
            other: other, state: TimeoutState(dueTime: dueTime), timerScheduler: .timed(scheduler), downstream: receiver
        )
        sink.update { state, effects in state.started(effects) }
        sink.subscribeChild(source, owner: sink, key: TimeoutState<Element>.sourceKey) { state, child in
            state.live = child
        }
        return sink
    }
}

struct TimeoutState<Element> {
    static var sourceKey: Int { 0 }
    static var otherKey: Int { 1 }
    let dueTime: RxTimeInterval
    /// The source's child while watching, `other`'s once switched.
    var live: DisposableNode?
    var switched = false

    /// Whether the child called `key` is the one whose events count.
    func counts(_ key: Int) -> Bool { key == (switched ? Self.otherKey : Self.sourceKey) }

    /// The subscription started: the timer counts from now.
    func started(_ effects: DeferredEffects<Element>) {
        effects.armTimer(after: dueTime)
    }

    /// A child's element: forwarded if the child counts; while watching, the timer restarts.
    func childReceived(_ element: Element, key: Int, _ effects: DeferredEffects<Element>) {
        guard counts(key) else { return }
        effects.emit(element)
        if !switched { effects.armTimer(after: dueTime) }
    }

    /// A child's failure: forwarded if the child counts.
    func childFailed(_ error: any Error, key: Int, _ effects: DeferredEffects<Element>) {
        if counts(key) { effects.fail(error) }
    }

    /// A child's completion: forwarded if the child counts.
    func childCompleted(key: Int, _ effects: DeferredEffects<Element>) {
        if counts(key) { effects.complete() }
    }

    /// The timer fired: while watching, the source is disposed and the state switches. Returns
    /// `true` if it switched (the caller then subscribes `other`, outside the lock).
    mutating func timedOut(_ effects: DeferredEffects<Element>) -> Bool {
        guard !switched else { return false }
        switched = true
        effects.dispose(live.take())
        return true
    }

    /// The subscription ended: the live child is disposed.
    mutating func disposeLive(_ effects: DeferredEffects<Element>) {
        effects.dispose(live.take())
    }
}

private final class TimeoutSink<Element>: SerializingSink<Never, Element, TimeoutState<Element>>, ChildOwner,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "timeout" }

    private let other: Observable<Element>

    init(
        other: Observable<Element>, state: TimeoutState<Element>, timerScheduler: TimerScheduler,
        downstream: Receiver<Element>
    ) {
        self.other = other
        super.init(state: state, timerScheduler: timerScheduler, downstream: downstream)
    }

    override func onNext(_ element: Never) {}

    func childReceived(_ element: Element, key: Int) {
        update { state, effects in state.childReceived(element, key: key, effects) }
    }

    func childFailed(_ error: any Error, key: Int) {
        update { state, effects in state.childFailed(error, key: key, effects) }
    }

    func childCompleted(key: Int) {
        update { state, effects in state.childCompleted(key: key, effects) }
    }

    override func tick(generation: UInt64) {
        guard updateForTick(generation, { state, effects in state.timedOut(effects) }) else { return }
        subscribeChild(other, owner: self, key: TimeoutState<Element>.otherKey) { state, child in state.live = child }
    }

    override func willDispose(_ state: inout TimeoutState<Element>, _ effects: DeferredEffects<Element>) {
        state.disposeLive(effects)
    }
}
