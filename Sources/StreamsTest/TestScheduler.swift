import Streams

/// The converter of ``TestScheduler``'s clock, under RxTest's name: integer ticks of
/// `resolution` seconds (Streams' `TickVirtualTimeConverter`).
public typealias TestSchedulerVirtualTimeConverter = TickVirtualTimeConverter

/// Makes `Hooks.offMainActorDelivery` a test failure instead of a trap.
enum OffMainActorReporter {
    /// Installed once per process, by the first `TestScheduler`, unless the app set its own hook.
    private static let installed: Bool = {
        guard !Hooks.isOffMainActorDeliveryReplaced else { return false }
        Hooks.offMainActorDelivery = { message, site in
            reportTestFailure(
                message,
                at: CallSite(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column))
        }
        return true
    }()

    /// Installs the reporter (once).
    static func install() { _ = installed }
}

/// Makes `Hooks.intervalRoundedToZero` a warning of the current test instead of a line on
/// standard error.
enum IntervalRoundedToZeroReporter {
    /// Installed once per process, by the first `TestScheduler`, unless the app set its own hook.
    private static let installed: Bool = {
        guard !Hooks.isIntervalRoundedToZeroReplaced else { return false }
        Hooks.intervalRoundedToZero = { message in reportTestWarning(message) }
        return true
    }()

    /// Installs the reporter (once).
    static func install() { _ = installed }
}

/// The virtual-time scheduler for tests (RxTest's `TestScheduler`): a
/// `VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>`.
///
/// Time is an `Int` tick count; `resolution` is seconds per tick (default 1, so `.seconds(5)` is
/// 5 ticks, and `.milliseconds(300)` is 0: pass `resolution: 0.001` to count milliseconds). An
/// operator's non-zero interval that rounds to zero ticks is reported once per operator
/// (``Streams/Hooks/intervalRoundedToZero``): creating a test scheduler makes that a warning of the
/// current Swift Testing test (a line on standard output under XCTest), unless the app installed
/// its own hook. Creating one makes ``Streams/Hooks/offMainActorDelivery`` (a main-actor closure
/// due off the main actor under `SharingScheduler.mock`) record a failure of the current test at
/// the closure's call site instead of stopping the program, unless the app installed its own hook.
/// With `simulateProcessingDelay` (the default, as in RxTest) work scheduled for "now" — a hop of
/// `observe(on:)`, `subscribe(on:)` or a `Driver`, a `schedule` call, a timer whose interval
/// rounds to zero ticks — runs one tick later, so hops show up in recorded times; turn it off when
/// they should not count. `scheduleAt` and timers with a real due time are not moved.
public final class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>,
    @unchecked Sendable  // base-class state is lock-guarded
{
    /// The default ticks used by `start(_:)`.
    public enum Defaults {
        /// When `start` calls the factory.
        public static let created = 100
        /// When `start` subscribes.
        public static let subscribed = 200
        /// When `start` disposes.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool

    /// How marble diagrams given to this scheduler (and asserted against its observers) map to
    /// ticks: 10 ticks per character, `^` at tick 200 unless set otherwise.
    public let marbleTiming: MarbleTiming

    /// Creates a test scheduler.
    public init(
        initialClock: Int, resolution: Double = 1.0, simulateProcessingDelay: Bool = true,
        marbleTiming: MarbleTiming = .default
    ) {
        self.simulateProcessingDelay = simulateProcessingDelay
        self.marbleTiming = marbleTiming
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
        OffMainActorReporter.install()
        IntervalRoundedToZeroReporter.install()
        LeakTracking.register(self) { scheduler in
            let pending = scheduler.pendingWork
            let work = pending.isEmpty ? "nothing pending" : "pending work at t=\(listTicks(pending))"
            return "TestScheduler (clock \(scheduler.clock), \(work))"
        }
    }

    /// The due ticks of every action still scheduled and not disposed, in run order (hot
    /// observables' future events, timers, delayed deliveries…). Empty after ``Streams/VirtualTimeScheduler/start()``.
    public var pendingWork: [Int] { pendingTimes }

    /// Records a test failure at the call site if anything is still scheduled, listing the due
    /// ticks: `TestScheduler has 2 pending actions at t=400, 500 (clock is 300)`.
    ///
    /// Use it after ``Streams/VirtualTimeScheduler/advanceTo(_:)`` to prove an operator cancelled its timers (like
    /// swift-clocks' `checkSuspension`).
    public func assertNoPendingWork(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard let message = pendingWorkMessage() else { return }
        reportTestFailure(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The message ``assertNoPendingWork(fileID:filePath:line:column:)`` would record, or `nil`.
    public func pendingWorkMessage() -> String? {
        let pending = pendingWork
        guard !pending.isEmpty else { return nil }
        let noun = pending.count == 1 ? "action" : "actions"
        return "TestScheduler has \(pending.count) pending \(noun) at t=\(listTicks(pending)) (clock is \(clock))"
    }

    /// Moves work due now or earlier to `now + 1` when simulating processing delay.
    public override func adjustScheduledTime(_ time: Int) -> Int {
        let now = clock
        return time <= now ? now + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// A hot observable: it sends `events` at their absolute ticks whether or not anyone is
    /// subscribed, and records subscriptions.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(scheduler: self, events: events, isHot: true)
    }

    /// A cold observable: each subscription receives `events` at their ticks relative to the
    /// subscription time; subscriptions are recorded.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(scheduler: self, events: events, isHot: false)
    }

    /// An observer that records what it receives with the current tick.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` at tick `time`.
    ///
    /// The closure need not be `@Sendable`: a test scheduler runs its work on the thread that
    /// calls `start`/`advanceTo`, so tests can capture and mutate local state as in RxTest.
    public func scheduleAt(_ time: Int, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual(TestThreadOnly(action), time: time) { action in
            action.value()
            return Disposables.create()
        }
    }

    /// Creates the sequence at `created`, subscribes at `subscribed`, disposes at `disposed`,
    /// runs the scheduler to the end, and returns what the observer recorded.
    ///
    /// The sequence may be anything observable-convertible, as in RxTest: an observable, a test
    /// observable, or a trait (`Single`, `Maybe`, `Completable`, `Infallible`), whose events are
    /// recorded as its observable's.
    public func start<Source: ObservableConvertibleType>(
        created: Int, subscribed: Int, disposed: Int, _ create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        let state = StartState<Source.Element>()
        scheduleAt(created) { state.source = create().asObservable() }
        scheduleAt(subscribed) { state.subscription = state.source?.subscribe(observer) }
        scheduleAt(disposed) { state.subscription?.dispose() }
        start()
        return observer
    }

    /// As ``start(created:subscribed:disposed:_:)`` with RxTest's defaults 100/200 and `disposed`.
    public func start<Source: ObservableConvertibleType>(
        disposed: Int, _ create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create)
    }

    /// As ``start(created:subscribed:disposed:_:)`` with RxTest's defaults 100/200/1000.
    public func start<Source: ObservableConvertibleType>(
        _ create: @escaping () -> Source
    ) -> TestableObserver<Source.Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create)
    }
}

/// What `start` keeps between its scheduled steps (all on the scheduler's thread).
private final class StartState<Element> {
    var source: Observable<Element>?
    var subscription: (any Disposable)?
}
