// States: idle (nothing pending); pending (the engine holds the latest element; each element
// restarts the timer, which emits it); stopped (engine: completion emitted the pending element
// first; an error dropped it; disposal cancelled the timer and released it).

extension ObservableType {
    /// Emits an element only after `dueTime` has passed on `scheduler` without another element.
    ///
    /// Each element restarts the timer (the previous timer is cancelled); when the timer fires the
    /// latest element is emitted. On completion a pending element is emitted at once, followed by
    /// completion; on error the pending element is dropped and the error is forwarded at once.
    /// Disposal cancels the timer.
    public func debounce(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        let state = DebounceState(dueTime: dueTime)
        return lift(ClosureOperator { DebounceSink(state: state, timerScheduler: .timed(scheduler), downstream: $0) })
            .inspected(as: "debounce", file: file, line: line)
    }
}

/// Not generic: the pending element is the engine's held element, and the timer is the sink's.
struct DebounceState {
    let dueTime: RxTimeInterval

    /// A source element: held, replacing the pending one, and the timer restarts.
    func received<Element>(_ element: Element, _ effects: DeferredEffects<Element>) {
        effects.hold(element)
        effects.armTimer(after: dueTime)
    }

    /// The timer fired: emits the pending element.
    func dueTimePassed<Element>(_ effects: DeferredEffects<Element>) {
        effects.emitHeld()
    }

    /// The source completed: the pending element is emitted at once, then completion.
    func sourceCompleted<Element>(_ effects: DeferredEffects<Element>) {
        effects.emitHeld()
        effects.complete()
    }

    /// The source failed: the pending element is dropped and the error forwarded at once.
    func sourceFailed<Element>(_ error: any Error, _ effects: DeferredEffects<Element>) {
        effects.dropHeld()
        effects.fail(error)
    }
}

private final class DebounceSink<Element>: SerializingSink<Element, Element, DebounceState>,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "debounce" }

    override func onNext(_ element: Element) {
        update { state, effects in state.received(element, effects) }
    }

    override func timerFired(_ state: inout DebounceState, _ effects: DeferredEffects<Element>) {
        state.dueTimePassed(effects)
    }

    override func onError(_ error: any Error) {
        update { state, effects in state.sourceFailed(error, effects) }
    }

    override func onCompleted() {
        update { state, effects in state.sourceCompleted(effects) }
    }
}
