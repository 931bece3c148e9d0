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
        lift(ClosureOperator { DebounceSink(state: dueTime, timerScheduler: .timed(scheduler), downstream: $0) })
            .inspected(as: "debounce", file: file, line: line)
    }
}

/// The state is the due time; the pending element is the engine's held element.
private final class DebounceSink<Element>: SerializingSink<Element, Element, RxTimeInterval>,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "debounce" }

    override func onNext(_ element: Element) {
        update { dueTime, effects in
            effects.hold(element)
            effects.armTimer(after: dueTime)
        }
    }

    override func timerFired(_ dueTime: inout RxTimeInterval, _ effects: DeferredEffects<Element>) {
        effects.emitHeld()
    }

    override func onError(_ error: any Error) {
        update { _, effects in
            effects.dropHeld()
            effects.fail(error)
        }
    }

    override func onCompleted() {
        update { _, effects in
            effects.emitHeld()
            effects.complete()
        }
    }
}
