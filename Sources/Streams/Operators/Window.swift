// States: open (the current window is a subject; elements go to it, counted; the timer is armed
// for the window's time span); stopped (engine). A full window or the timer closes the window
// and opens the next (a new subject, emitted on the outer sequence, and a new timer). Every step
// — an element to a window, a window opened or closed, the outer terminal event — goes through
// the serialized delivery, so windows and the outer observer never see overlapping or reordered
// calls.

extension ObservableType {
    /// Splits the source into windows, emitted as observables: a window closes after `count`
    /// elements or after `timeSpan` on `scheduler`, whichever is first, and the next one opens.
    ///
    /// The first window is emitted at subscription. On completion or error the current window and
    /// the outer sequence receive it. Disposing the outer subscription disposes the source, so
    /// open windows receive nothing more.
    public func window(
        timeSpan: RxTimeInterval, count: Int, scheduler: some SchedulerType, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Observable<Element>> {
        precondition(count > 0, "window: count must be positive")
        return Window(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler).asObservable()
            .inspected(as: "window", file: file, line: line)
    }
}

private struct Window<Element>: Producer {
    let source: Observable<Element>
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: any SchedulerType

    func subscribe(_ receiver: Receiver<Observable<Element>>) -> any Disposable {
        let sink = WindowSink(
            state: WindowState(timeSpan: timeSpan, count: count), timerScheduler: .timed(scheduler),
            downstream: WindowStepReceiver(receiver))
        sink.update { state, effects in state.open(effects) }
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

/// One step of a window sink's output.
private enum WindowStep<Element> {
    /// An event for a window.
    case send(PublishSubject<Element>, Event<Element>)
    /// A new window, emitted on the outer sequence.
    case open(PublishSubject<Element>)
}

private struct WindowState<Element> {
    let timeSpan: RxTimeInterval
    let count: Int
    var window = PublishSubject<Element>()
    var countInWindow = 0

    mutating func open(_ effects: DeferredEffects<WindowStep<Element>>) {
        effects.emit(.open(window))
        effects.armTimer(after: timeSpan)
    }

    /// Closes the current window and opens the next.
    mutating func rollOver(_ effects: DeferredEffects<WindowStep<Element>>) {
        effects.emit(.send(window, .completed))
        effects.release(window)
        window = PublishSubject()
        countInWindow = 0
        open(effects)
    }
}

private final class WindowSink<Element>: SerializingSink<Element, WindowStep<Element>, WindowState<Element>>,
    @unchecked Sendable  // see SerializingSink
{
    override var timerOperatorName: String { "window(timeSpan:count:scheduler:)" }

    override func onNext(_ element: Element) {
        update { state, effects in
            effects.emit(.send(state.window, .next(element)))
            state.countInWindow += 1
            if state.countInWindow == state.count { state.rollOver(effects) }
        }
    }

    override func timerFired(_ state: inout WindowState<Element>, _ effects: DeferredEffects<WindowStep<Element>>) {
        state.rollOver(effects)
    }

    override func onError(_ error: any Error) {
        update { state, effects in
            effects.emit(.send(state.window, .error(error)))
            effects.fail(error)
        }
    }

    override func onCompleted() {
        update { state, effects in
            effects.emit(.send(state.window, .completed))
            effects.complete()
        }
    }
}

/// Performs a window sink's steps: sends to the windows, and emits them and the terminal event
/// on the outer sequence.
private final class WindowStepReceiver<Element>: Receiver<WindowStep<Element>>, @unchecked Sendable {  // immutable
    private let outer: Receiver<Observable<Element>>

    init(_ outer: Receiver<Observable<Element>>) { self.outer = outer }

    override func onNext(_ step: WindowStep<Element>) {
        switch step {
        case .send(let window, let event): window.on(event)
        case .open(let window): outer.onNext(window)
        }
    }

    override func onError(_ error: any Error) { outer.onError(error) }
    override func onCompleted() { outer.onCompleted() }
}
