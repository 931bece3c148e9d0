import Streams

/// The virtual-time scheduler for tests (RxTest's `TestScheduler`).
///
/// Time is an `Int` tick count; `resolution` is seconds per tick (default 1, so `.seconds(5)` is
/// 5 ticks). With `simulateProcessingDelay` (the default, as in RxTest) work scheduled for "now"
/// runs one tick later, so `observe(on:)` and `subscribe(on:)` show up in recorded times.
// Unchecked Sendable: state lives in the lock-guarded base class
public final class TestScheduler: VirtualTimeScheduler, @unchecked Sendable {
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

    /// Creates a test scheduler.
    public init(initialClock: Int, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, resolution: resolution)
    }

    /// Moves work due now or earlier to `now + 1` when simulating processing delay.
    public override func adjustScheduledTime(_ time: Int) -> Int {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
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

    /// Creates the observable at `created`, subscribes at `subscribed`, disposes at `disposed`,
    /// runs the scheduler to the end, and returns what the observer recorded.
    public func start<Element>(
        created: Int, subscribed: Int, disposed: Int, _ create: @escaping () -> Observable<Element>
    ) -> TestableObserver<Element> {
        let observer = createObserver(Element.self)
        let state = StartState<Element>()
        scheduleAt(created) { state.source = create() }
        scheduleAt(subscribed) { state.subscription = state.source?.subscribe(observer) }
        scheduleAt(disposed) { state.subscription?.dispose() }
        start()
        return observer
    }

    /// As ``start(created:subscribed:disposed:_:)`` with RxTest's defaults 100/200 and `disposed`.
    public func start<Element>(
        disposed: Int, _ create: @escaping () -> Observable<Element>
    ) -> TestableObserver<Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create)
    }

    /// As ``start(created:subscribed:disposed:_:)`` with RxTest's defaults 100/200/1000.
    public func start<Element>(_ create: @escaping () -> Observable<Element>) -> TestableObserver<Element> {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create)
    }
}

/// What `start` keeps between its scheduled steps (all on the scheduler's thread).
private final class StartState<Element> {
    var source: Observable<Element>?
    var subscription: (any Disposable)?
}
