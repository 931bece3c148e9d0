// Timing (RxSwift 6): the timer is scheduled at subscription, before the source is subscribed,
// so at a tie it fires before a source event scheduled later for the same instant.
// - `take(for:scheduler:)`: elements are forwarded until the timer fires; then the result
//   completes and unsubscribes from the source. The source's completion or error before that is
//   forwarded at once.
// - `skip(_:scheduler:)`: elements are dropped until the timer fires and forwarded after it; the
//   source's completion or error is forwarded at once, whenever it comes.
// Disposal cancels the timer and disposes the source subscription.
//
// States: `take`: open (forwarding, timer armed); stopped (engine: the timer completed the
// result, or the source ended it). `skip`: closed (dropping, timer armed); open (forwarding);
// stopped (engine).

extension ObservableType {
    /// Emits the source's elements for `duration` on `scheduler`, then completes.
    ///
    /// Timing: the window starts at subscription; when it ends the result completes and
    /// unsubscribes from the source. Disposal cancels the timer.
    public func take(
        for duration: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        TimedWindow(source: asObservable(), duration: duration, scheduler: scheduler, takes: true).asObservable()
            .inspected(as: "take(for:)", file: file, line: line)
    }

    // Disfavoured: `skip(1)` and `skip(_ duration:scheduler:)` both start with an unlabeled literal
    // (`RxTimeInterval` is integer-literal expressible), and without the hint a long chain with a
    // `skip(n)` took seconds to type-check (Scripts/type-check/Chains.swift).
    /// Drops the source's elements for `duration` on `scheduler`, then emits the rest.
    ///
    /// Timing: the window starts at subscription; the source's completion or error is forwarded
    /// at once, inside the window or after it. Disposal cancels the timer.
    @_disfavoredOverload
    public func skip(
        _ duration: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        TimedWindow(source: asObservable(), duration: duration, scheduler: scheduler, takes: false).asObservable()
            .inspected(as: "skip", file: file, line: line)
    }
}

private struct TimedWindow<Element>: Producer {
    let source: Observable<Element>
    let duration: RxTimeInterval
    let scheduler: any SchedulerType
    /// `true` for `take` (forward inside the window), `false` for `skip` (forward after it).
    let takes: Bool

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TimedWindowSink<Element>(takes: takes, scheduler: scheduler, downstream: receiver)
        sink.update { _, effects in effects.armTimer(after: duration) }
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private struct TimedWindowState {
    let takes: Bool
    /// Whether elements are forwarded now: inside the window for `take`, after it for `skip`.
    var isOpen: Bool

    init(takes: Bool) {
        self.takes = takes
        isOpen = takes
    }
}

private final class TimedWindowSink<Element>: SerializingSink<Element, Element, TimedWindowState>,
    @unchecked Sendable  // see SerializingSink; `takes` is immutable
{
    /// `true` for `take`, `false` for `skip` (the state's copy is read under the lock).
    private let takes: Bool

    init(takes: Bool, scheduler: any SchedulerType, downstream: Receiver<Element>) {
        self.takes = takes
        super.init(state: TimedWindowState(takes: takes), timerScheduler: .timed(scheduler), downstream: downstream)
    }

    override var timerOperatorName: String { takes ? "take(for:scheduler:)" : "skip(_:scheduler:)" }

    override func onNext(_ element: Element) {
        emitNext(element) { state in state.isOpen }
    }

    override func timerFired(_ state: inout TimedWindowState, _ effects: DeferredEffects<Element>) {
        if state.takes { effects.complete() } else { state.isOpen = true }
    }
}
