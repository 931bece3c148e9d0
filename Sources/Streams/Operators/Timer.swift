// Concurrency: the sink's only state, the next value, is touched by the scheduler's ticks,
// which never overlap for one timer (a one-shot fires once; periodic ticks run one at a time).
// The scheduled item is the sink's upstream, so disposal cancels the timer.
//
// States: waiting (the one-shot or next periodic tick is scheduled; `value` is the next element);
// ended (the one-shot fired and completed, or disposal cancelled the timer).

/// The integer types `timer` and `interval` can count in (RxSwift's name).
public typealias RxAbstractInteger = FixedWidthInteger

extension Observable where Element: RxAbstractInteger & Sendable {
    /// Emits `0` after `dueTime` on `scheduler`; then, if `period` is given, `1`, `2`, … every
    /// `period`, and otherwise completes right after the `0`.
    ///
    /// A periodic timer never completes; disposal cancels it. Values wrap around on overflow.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: some SchedulerType,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        TimerObservable(dueTime: dueTime, period: period, scheduler: scheduler, name: "timer").inspected(
            as: "timer", file: file, line: line)
    }

    /// Emits `0`, `1`, `2`, … on `scheduler`, one every `period`, starting one `period` after
    /// subscription. It never completes; disposal cancels it.
    public static func interval(
        _ period: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        TimerObservable(dueTime: period, period: period, scheduler: scheduler, name: "interval").inspected(
            as: "interval", file: file, line: line)
    }
}

// Unchecked Sendable: immutable after init
private final class TimerObservable<Element: RxAbstractInteger & Sendable>: Observable<Element>, @unchecked Sendable {
    let dueTime: RxTimeInterval
    let period: RxTimeInterval?
    let scheduler: any SchedulerType
    /// `timer` or `interval`, for diagnostics.
    let name: StaticString

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: any SchedulerType, name: StaticString) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
        self.name = name
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TimerSink(periodic: period != nil, name: name, downstream: receiver)
        if let period {
            sink.setUpstream(
                scheduler.schedulePeriodic(TimerTick(target: sink, id: 0), startAfter: dueTime, period: period) {
                    tick in
                    _ = tick.fire()
                    return tick
                })
        } else {
            sink.setUpstream(TimerScheduler.timed(scheduler).schedule(sink, id: 0, due: .after(dueTime)))
        }
        return sink
    }
}

private final class TimerSink<Element: RxAbstractInteger & Sendable>: Sink<Element, Element>,
    @unchecked Sendable
{  // `value` touched only by the timer's non-overlapping ticks
    let periodic: Bool
    /// `timer` or `interval`, for diagnostics.
    let name: StaticString
    private var value: Element = 0

    init(periodic: Bool, name: StaticString, downstream: Receiver<Element>) {
        self.periodic = periodic
        self.name = name
        super.init(downstream: downstream)
    }

    override var timerOperatorName: String { "\(name)" }

    override func timerFired(_ id: UInt64) -> any Disposable {
        let current = value
        value &+= 1
        forwardNext(current)
        if !periodic { forwardCompleted() }
        return NopDisposable()
    }

    override func onNext(_ element: Element) { forwardNext(element) }
}
