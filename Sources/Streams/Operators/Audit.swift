// States: quiet (no timer runs and nothing is held: the next element starts the timer); auditing
// (the timer runs for `duration` from the first element after a quiet period, and the engine holds
// the latest element, each one replacing the last); completing (the source completed while
// auditing: the timer's end emits the held element, then completes); stopped (engine: an error
// dropped the held element; disposal cancelled the timer and released it).

extension ObservableType {
    /// Emits the latest element at the end of each `duration` that the first element after a quiet
    /// period starts on `scheduler` (RxJS's `auditTime`; RxSwift has no such operator).
    ///
    /// An element that arrives while no timer runs is held and starts a `duration` timer; one that
    /// arrives while the timer runs replaces the held element and does not restart the timer. When
    /// the timer fires, the held element is emitted and the operator is quiet again until the next
    /// element. Completion while an element is held waits for the timer, emits the element, then
    /// completes; completion with nothing held completes at once (RxJS 7's rule, from its
    /// `audit.ts`; RxJS 6 dropped the held element). An error drops the held element and is
    /// forwarded at once. Disposal cancels the timer and releases the held element.
    ///
    /// `audit(.seconds(30))` on a `TestScheduler`, one frame of 10 ticks per character:
    ///
    /// ```text
    /// source:              -a-b-----c-d-e---f-|
    /// audit(.seconds(30)): ----b-------d---e---(f|)
    /// subscribed:          ^------------------!
    /// ```
    public func audit(
        _ duration: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let state = AuditState(duration: duration)
        return lift(ClosureOperator { AuditSink(state: state, timerScheduler: .timed(scheduler), downstream: $0) })
            .inspected(as: "audit", file: file, line: line)
    }
}

/// Not generic: the held element is the engine's held element, and the timer is the sink's.
struct AuditState {
    let duration: RxTimeInterval
    var isCompleting = false

    /// A source element: held, replacing the held one; it starts the timer unless one runs.
    func received<Element>(_ element: Element, _ effects: DeferredEffects<Element>) {
        effects.hold(element)
        if !effects.isTimerArmed { effects.armTimer(after: duration) }
    }

    /// The timer fired: emits the held element, then completes if the source has.
    func durationEnded<Element>(_ effects: DeferredEffects<Element>) {
        effects.emitHeld()
        if isCompleting { effects.complete() }
    }

    /// The source completed: at once with nothing held, otherwise when the timer fires.
    mutating func sourceCompleted<Element>(_ effects: DeferredEffects<Element>) {
        if effects.isHolding {
            isCompleting = true
        } else {
            effects.complete()
        }
    }

    /// The source failed: the held element is dropped and the error forwarded at once.
    func sourceFailed<Element>(_ error: any Error, _ effects: DeferredEffects<Element>) {
        effects.dropHeld()
        effects.fail(error)
    }
}

private final class AuditSink<Element>: SerializingSink<Element, Element, AuditState>,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "audit" }

    override func onNext(_ element: Element) {
        update { state, effects in state.received(element, effects) }
    }

    override func timerFired(_ state: inout AuditState, _ effects: DeferredEffects<Element>) {
        state.durationEnded(effects)
    }

    override func onError(_ error: any Error) {
        update { state, effects in state.sourceFailed(error, effects) }
    }

    override func onCompleted() {
        update { state, effects in state.sourceCompleted(effects) }
    }
}
