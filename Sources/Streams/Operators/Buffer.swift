// States: filling (elements collect in `buffer`; the window's timer is armed); stopped
// (engine). A full buffer or the timer emits the buffer and starts the next window (a new timer).

extension ObservableType {
    /// Emits arrays of the source's elements: a buffer is emitted when it holds `count` elements
    /// or when `timeSpan` has passed on `scheduler` since the buffer started, whichever is first.
    ///
    /// Each emission starts a new buffer and a new `timeSpan` timer; a timer that fires with an
    /// empty buffer emits an empty array. On completion the current buffer (possibly empty) is
    /// emitted, then completion; on error the buffer is dropped. Disposal cancels the timer.
    public func buffer(
        timeSpan: RxTimeInterval, count: Int, scheduler: some SchedulerType, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<[Element]> {
        precondition(count > 0, "buffer: count must be positive")
        return Buffer<Element>(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
            .asObservable().inspected(as: "buffer", file: file, line: line)
    }
}

private struct Buffer<Element>: Producer {
    let source: Observable<Element>
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: any SchedulerType

    func subscribe(_ receiver: Receiver<[Element]>) -> any Disposable {
        let sink = BufferSink(
            state: BufferState(timeSpan: timeSpan, count: count), timerScheduler: .timed(scheduler),
            downstream: receiver)
        sink.update { state, effects in state.started(effects) }
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

struct BufferState<Element> {
    let timeSpan: RxTimeInterval
    let count: Int
    var buffer: [Element] = []

    /// The subscription started: the first window's timer.
    func started(_ effects: DeferredEffects<[Element]>) {
        effects.armTimer(after: timeSpan)
    }

    /// A source element: collected; a full buffer is emitted and the next window starts.
    mutating func received(_ element: Element, _ effects: DeferredEffects<[Element]>) {
        buffer.append(element)
        if buffer.count == count { emitWindow(effects) }
    }

    /// Emits the buffer (empty or not) and starts the next window: the buffer is full, or the
    /// window's time span passed.
    mutating func emitWindow(_ effects: DeferredEffects<[Element]>) {
        effects.emit(buffer)
        buffer = []
        effects.armTimer(after: timeSpan)
    }

    /// The source completed: the buffer is emitted (empty or not), then completion.
    mutating func sourceCompleted(_ effects: DeferredEffects<[Element]>) {
        effects.emit(buffer)
        buffer = []
        effects.complete()
    }

    /// The source failed: the buffer is dropped and the error forwarded at once.
    mutating func sourceFailed(_ error: any Error, _ effects: DeferredEffects<[Element]>) {
        dropBuffer(effects)
        effects.fail(error)
    }

    /// The subscription ended: the buffer is released after unlocking.
    mutating func dropBuffer(_ effects: DeferredEffects<[Element]>) {
        effects.release(buffer)
        buffer = []
    }
}

private final class BufferSink<Element>: SerializingSink<Element, [Element], BufferState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "buffer(timeSpan:count:scheduler:)" }

    override func onNext(_ element: Element) {
        update { state, effects in state.received(element, effects) }
    }

    override func timerFired(_ state: inout BufferState<Element>, _ effects: DeferredEffects<[Element]>) {
        state.emitWindow(effects)
    }

    override func onError(_ error: any Error) {
        update { state, effects in state.sourceFailed(error, effects) }
    }

    override func onCompleted() {
        update { state, effects in state.sourceCompleted(effects) }
    }

    override func willDispose(_ state: inout BufferState<Element>, _ effects: DeferredEffects<[Element]>) {
        state.dropBuffer(effects)
    }
}
