import Foundation

/// A scheduler whose clock only moves when told to: virtual time, for deterministic tests.
///
/// The clock counts integer ticks; `resolution` is the number of seconds per tick (default 1, so
/// `.seconds(5)` is 5 ticks and `.milliseconds(500)` rounds to 1). Work is ordered by due tick,
/// then by the order it was scheduled. The clock is set to an item's tick *before* its action
/// runs, and work scheduled while advancing runs in the same advance if it is due.
///
/// Thread safety: all state is behind a lock, and actions run outside it, but virtual time is
/// meant to be driven from one thread (the test's).
open class VirtualTimeScheduler: SchedulerType, @unchecked Sendable {  // `cell` is the synchronisation
    /// The clock and the queue. States: idle; running (inside `start`/`advanceTo`, one item at a
    /// time, each run outside the lock).
    private struct Clock {
        /// The current tick, published so that reading ``VirtualTimeScheduler/clock`` takes no
        /// lock (every timer reads it); written only under the lock, like the rest.
        let published: AtomicCounter
        var current: Int {
            get { published.value }
            nonmutating set { published.store(newValue) }
        }
        var isRunning = false
        var queue = VirtualItemQueue()
        var nextID = 0

        /// Queues `item` (made with the next id) and returns it.
        mutating func insert<Item: VirtualItemBase>(_ make: (Int) -> Item) -> Item {
            let item = make(nextID)
            nextID += 1
            queue.insert(item)
            return item
        }

        /// Starts running: `false` if a run is already in progress.
        mutating func begin() -> Bool {
            if isRunning { return false }
            isRunning = true
            return true
        }

        /// Pops the next live item due by `limit` and moves the clock to it.
        mutating func next(notAfter limit: Int?) -> VirtualItemBase? {
            guard isRunning else { return nil }
            while let first = queue.first {
                if first.isDisposed {
                    queue.removeFirst()
                    continue
                }
                if let limit, first.time > limit { return nil }
                queue.removeFirst()
                if first.time > current { current = first.time }
                return first
            }
            return nil
        }
    }

    private let cell: LockedCell<Clock>
    private let publishedClock: AtomicCounter

    /// Seconds per virtual tick.
    public let resolution: Double

    /// Creates a scheduler at `initialClock` ticks.
    public init(initialClock: Int = 0, resolution: Double = 1.0) {
        publishedClock = AtomicCounter(initialClock)
        cell = LockedCell(Clock(published: publishedClock))
        self.resolution = resolution
    }

    /// The current virtual tick.
    public var clock: Int { publishedClock.value }

    /// The current virtual time as a date (`clock × resolution` seconds after 1970).
    public var now: RxTime { Date(timeIntervalSince1970: Double(clock) * resolution) }

    /// Converts a duration to ticks, rounding to the nearest tick.
    public func virtualInterval(_ interval: RxTimeInterval) -> Int {
        let seconds = interval.seconds
        guard seconds.isFinite else { return Int.max / 2 }
        return Int(seconds / resolution + 0.5)
    }

    /// Hook for subclasses to move a due time (the test scheduler moves "now" to "now + 1").
    open func adjustScheduledTime(_ time: Int) -> Int { time }

    /// Runs `action(state)` at the current tick (after what is already due then).
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    /// Runs `action(state)` `dueTime` after now.
    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleAbsoluteVirtual(state, time: adjustScheduledTime(absoluteTime(after: dueTime)), action: action)
    }

    private func absoluteTime(after dueTime: RxTimeInterval) -> Int {
        let seconds = Double(clock) * resolution + dueTime.seconds
        return seconds.isFinite ? Int(seconds / resolution + 0.5) : Int.max / 2
    }

    /// Implementation detail of Streams: the library's own timers, scheduled with a non-generic
    /// item, so a timer costs no runtime metadata lookup for a generic item class.
    public func _scheduleTimer(_ tick: _TimerTick, after dueTime: RxTimeInterval) -> _TimerHandle {
        let time = adjustScheduledTime(absoluteTime(after: dueTime))  // reads the clock without a lock
        return _TimerHandle(cell.update { clock in clock.insert { VirtualTimerItem(time: time, id: $0, tick: tick) } })
    }

    /// Runs `action(state)` `dueTime` ticks after now.
    public func scheduleRelativeVirtual<StateType: Sendable>(
        _ state: StateType, dueTime: Int, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleAbsoluteVirtual(state, time: clock + dueTime, action: action)
    }

    /// Runs `action(state)` at tick `time` (at once, in the next advance, if `time` has passed).
    public func scheduleAbsoluteVirtual<StateType: Sendable>(
        _ state: StateType, time: Int, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        cell.update { clock in clock.insert { VirtualItem(time: time, id: $0, state: state, action: action) } }
    }

    /// Runs everything scheduled, advancing the clock, until nothing is left or ``stop()`` is
    /// called.
    public func start() {
        guard cell.update({ $0.begin() }) else { return }
        run(notAfter: nil)
        cell.update { $0.isRunning = false }
    }

    /// Runs everything due up to and including `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: Int) {
        let started = cell.update { $0.begin() }
        precondition(started, "VirtualTimeScheduler: advanceTo called while the scheduler is running")
        run(notAfter: virtualTime)
        cell.update { clock in
            if virtualTime > clock.current { clock.current = virtualTime }
            clock.isRunning = false
        }
    }

    /// Runs the due items one by one, each outside the lock (and released outside it).
    private func run(notAfter limit: Int?) {
        while let item = cell.update({ $0.next(notAfter: limit) }) {
            item.invoke()
        }
    }

    /// Advances the clock by `ticks`, running what becomes due.
    public func advance(by ticks: Int) {
        advanceTo(clock + ticks)
    }

    /// Moves the clock forward by `ticks` without running anything.
    public func sleep(_ ticks: Int) {
        precondition(ticks >= 0, "VirtualTimeScheduler: cannot sleep into the past")
        cell.update { $0.current += ticks }
    }

    /// Stops a running ``start()`` or ``advanceTo(_:)`` after the current item.
    public func stop() {
        cell.update { $0.isRunning = false }
    }

    /// The due ticks of work still scheduled and not disposed, in run order.
    public var pendingTimes: [Int] {
        cell.read { $0.queue.liveItems().map(\.time) }
    }
}
