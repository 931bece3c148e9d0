import Streams

/// An exhaustive virtual-time test of a screen: a state stream driven by user events (the
/// counterpart of TCA's `TestStore`).
///
/// ``run(scheduler:fileID:filePath:line:column:connect:_:)`` wires the screen inside
/// `SharingScheduler.mock(scheduler:action:)`, so its main-actor delivery is virtual, and hands
/// the body a store. The body ``send(_:fileID:filePath:line:column:)``s events, advances time and
/// asserts, in order, every state the screen delivered with
/// ``receive(_:at:fileID:filePath:line:column:)``. A state nobody asserted fails the test (at the
/// next `send`, or at the end) with the same aligned timelines as a marble failure. When the body
/// returns, the store disposes the screen and fails the test if work is still scheduled on the
/// scheduler or anything the screen created is still alive.
///
/// `StreamsMVCTest` adds entry points that wire a `combineModel` screen; this type knows nothing
/// of models or views. Use it from the thread that runs the test (a `@MainActor` test when the
/// screen has main-actor code), never from inside scheduled work.
public final class ScreenTestStore<Event, State: Equatable> {
    /// The virtual-time scheduler driving the screen.
    public let scheduler: TestScheduler
    private let input = PublishSubject<Event>()
    private let recorder: TestableObserver<State>
    private let timing: MarbleTiming
    private var connection: (any Disposable)?
    private var checkedCount = 0
    private var baseline: State?

    private init(scheduler: TestScheduler) {
        self.scheduler = scheduler
        recorder = scheduler.createObserver(State.self)
        timing = MarbleTiming(ticksPerFrame: scheduler.marbleTiming.ticksPerFrame, subscribed: scheduler.clock)
    }

    /// Runs a screen test.
    ///
    /// `connect` wires the screen: it receives the events ``send(_:fileID:filePath:line:column:)``
    /// emits and the observer that records states, and returns the screen's disposable. It runs
    /// inside `SharingScheduler.mock(scheduler: scheduler)` and a leak-check scope, as does `body`,
    /// and as work of the scheduler: a task it starts (`Observable.fromAsync`…) runs in virtual time.
    /// After wiring, the store runs the work due now (so states delivered at once are recorded);
    /// then `body` runs; then the store checks that every state was asserted, disposes the screen,
    /// runs the work due now (a task the disposal cancelled ends at this tick), and checks pending
    /// work and live resources. Failures are reported at the call site.
    public static func run(
        scheduler: TestScheduler, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column,
        connect: (_ events: Observable<Event>, _ states: TestableObserver<State>) -> any Disposable,
        _ body: (ScreenTestStore) throws -> Void
    ) rethrows {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let scope = LiveResources.Scope()
        let tracked = TrackedObjects()
        try LiveResources.withScope(scope) {
            try LeakTracking.$current.withValue(tracked) {
                try SharingScheduler.mock(scheduler: scheduler) {
                    let store = ScreenTestStore(scheduler: scheduler)
                    // As work of the scheduler: a task the wiring starts runs in virtual time.
                    store.connection = scheduler.runAsWork { connect(store.input.asObservable(), store.recorder) }
                    scheduler.advanceTo(scheduler.clock)
                    defer { store.finish(at: site) }
                    try body(store)
                }
            }
        }
        if let message = leakMessage(scope: scope, tracked: tracked, origin: "by the screen") {
            reportTestFailure("after the screen was disposed, " + message, at: site)
        }
    }

    /// Every state the screen delivered so far, with its tick (asserted or not).
    public var receivedStates: [Recorded<Streams.Event<State>>] { recorder.events }

    /// Sends `event` at the current tick, then runs the work due now.
    ///
    /// The event is sent as work of the scheduler: a task it starts (`Observable.fromAsync`,
    /// `Single.create(operation:)`…) runs its jobs on the scheduler, in virtual time.
    ///
    /// Fails first if the screen delivered states that were not asserted: assert them with
    /// ``receive(_:at:fileID:filePath:line:column:)`` (or ``skipReceivedStates()``) before sending.
    public func send(
        _ event: Event, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        reportUnasserted(before: "send(\(event)) at t=\(scheduler.clock)", at: site)
        scheduler.runAsWork { input.onNext(event) }  // a task the event starts runs in virtual time
        scheduler.advanceTo(scheduler.clock)
    }

    /// Advances virtual time by `ticks`, running what becomes due.
    public func advance(by ticks: Int) { scheduler.advance(by: ticks) }

    /// Advances virtual time to `tick`, running what becomes due.
    public func advance(to tick: Int) { scheduler.advanceTo(tick) }

    /// Asserts that the next state the screen delivered is `expected` (delivered at tick `time`,
    /// when given).
    ///
    /// A different state, a different tick, or no new state at all fails the test with the
    /// expected and actual timelines and, for a struct, the fields that differ.
    public func receive(
        _ expected: State, at time: Int? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let all = recorder.events
        guard checkedCount < all.count else {
            let message = ScreenTestMessages.nothingReceived(expected: expected, clock: scheduler.clock, last: all.last)
            return reportTestFailure(message, at: site)
        }
        let actual = all[checkedCount]
        checkedCount += 1
        baseline = actual.value.element ?? baseline
        let wanted = Recorded(time: time ?? actual.time, value: Streams.Event.next(expected))
        guard actual != wanted else { return }
        reportTestFailure(ScreenTestMessages.mismatch(actual: actual, expected: wanted, timing: timing), at: site)
    }

    /// Asserts that the next state is the last received one changed by `update` (TCA's style:
    /// `store.receive { $0.query = "swift" }`).
    public func receive(
        at time: Int? = nil, fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line,
        column: Int = #column, _ update: (inout State) throws -> Void
    ) rethrows {
        guard var expected = baseline else {
            let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            return reportTestFailure(
                "receive(_ update:) changes the last received state, but none was received yet: "
                    + "assert the first state with receive(_:)", at: site)
        }
        try update(&expected)
        receive(expected, at: time, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Marks every state delivered so far as asserted, without checking it (TCA's
    /// `skipReceivedActions`); the last one becomes the base of `receive(_ update:)`.
    public func skipReceivedStates() {
        let all = recorder.events
        checkedCount = all.count
        baseline = all.last(where: { $0.value.element != nil })?.value.element ?? baseline
    }

    private func reportUnasserted(before moment: String, at site: CallSite) {
        let all = recorder.events
        guard checkedCount < all.count else { return }
        let unasserted = Array(all[checkedCount...])
        skipReceivedStates()
        reportTestFailure(ScreenTestMessages.unasserted(unasserted, before: moment, timing: timing), at: site)
    }

    /// Checks exhaustivity, disposes the screen, then checks pending work.
    private func finish(at site: CallSite) {
        reportUnasserted(before: "the end of the test", at: site)
        connection?.dispose()
        connection = nil
        // A task the disposal cancelled ends now, at this tick: its last jobs are queued here.
        scheduler.advanceTo(scheduler.clock)
        if let pending = scheduler.pendingWorkMessage() {
            reportTestFailure("after the screen was disposed, " + pending, at: site)
        } else {
            // Only cancelled work is queued: drop it (nothing runs, the clock stays) so that it
            // does not count as alive in the leak check.
            scheduler.start()
        }
    }
}
