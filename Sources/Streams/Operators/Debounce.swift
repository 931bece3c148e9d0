// States: idle (nothing pending); pending (`pending` waits for the timer, which each element
// restarts); stopped (engine: completion emitted the pending element first; an error dropped
// it; disposal cancelled the timer).

extension ObservableType {
    /// Emits an element only after `dueTime` has passed on `scheduler` without another element.
    ///
    /// Each element restarts the timer (the previous timer is cancelled); when the timer fires the
    /// latest element is emitted. On completion a pending element is emitted at once, followed by
    /// completion; on error the pending element is dropped and the error is forwarded at once.
    /// Disposal cancels the timer.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Observable<Element> {
        lift(Debounce<Element>(dueTime: dueTime, scheduler: scheduler))
    }
}

private struct Debounce<Element>: SinkMaking {
    let dueTime: RxTimeInterval
    let scheduler: any SchedulerType

    func makeSink(downstream: Receiver<Element>) -> Sink<Element, Element> {
        DebounceSink(state: DebounceState(dueTime: dueTime), timerScheduler: .timed(scheduler), downstream: downstream)
    }
}

private struct DebounceState<Element> {
    let dueTime: RxTimeInterval
    var pending: Element?
}

private final class DebounceSink<Element>: SerializingSink<Element, Element, DebounceState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) {
        update { state, effects in
            effects.replace(&state.pending, with: element)
            effects.armTimer(after: state.dueTime)
        }
    }

    override func timerFired(_ state: inout DebounceState<Element>, _ effects: inout Effects<Element>) {
        if let element = state.pending.take() { effects.emit(element) }
    }

    override func onError(_ error: any Error) {
        update { state, effects in
            effects.release(state.pending.take())
            effects.fail(error)
        }
    }

    override func onCompleted() {
        update { state, effects in
            if let element = state.pending.take() { effects.emit(element) }
            effects.complete()
        }
    }

    override func willDispose(_ state: inout DebounceState<Element>, _ effects: inout Effects<Element>) {
        effects.release(state.pending.take())
    }
}
