import Foundation

/// A scheduler whose clock only moves when told to: virtual time, for deterministic tests and
/// for replaying history (RxSwift's `VirtualTimeScheduler<Converter>`).
///
/// `Converter` says what the clock counts (``VirtualTimeConverterType``): `TestScheduler` counts
/// integer ticks (``TickVirtualTimeConverter``, also reached as
/// `VirtualTimeScheduler(initialClock:resolution:)`), ``HistoricalScheduler`` counts dates, and a
/// converter of your own may count anything it can order and offset.
///
/// Work is ordered by due time (the converter's order), then by the order it was scheduled. The
/// clock is set to an item's time *before* its action runs, never moves back, and work scheduled
/// while running runs in the same run if it is due. An `RxTimeInterval` (``scheduleRelative(_:dueTime:action:)``,
/// every time operator's timer) is due at the clock offset by the converter's interval for it.
/// When a time operator's non-zero interval comes out as no time at all (300 ms on ticks of a
/// second), the scheduler reports it, once per operator, to ``Hooks/intervalRoundedToZero``.
///
/// Thread safety: the clock and the queue are behind a lock (a clock counting `Int` ticks is also
/// published in an atomic word, so that reading it takes no lock), and actions run outside it,
/// but virtual time is meant to be driven from one thread (the test's).
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, TimerHosting,
    CustomDebugStringConvertible,
    @unchecked Sendable  // `cell` is the synchronisation; `converter` is immutable
{
    /// An absolute time on this scheduler's clock.
    public typealias VirtualTime = Converter.VirtualTimeUnit

    /// A difference between two virtual times.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    /// The clock and the queue. States: idle; running (inside `start`/`advanceTo`, one item at a
    /// time, each run outside the lock). Transitions move what they displace (a popped entry,
    /// the previous clock value) into their result, released after unlocking.
    ///
    /// Invariant: `publishedTicks`, when there is one, holds `clock` whenever the lock is free
    /// (`setClock` is the only writer of both).
    private struct State {
        private(set) var clock: VirtualTime
        /// The scheduler's ``VirtualTimeScheduler/publishedTicks``.
        let publishedTicks: PublishedTicks?
        var isRunning = false
        var queue: VirtualItemQueue<Converter>
        var nextID = 0

        /// Sets the clock, and publishes it if it is a tick count.
        mutating func setClock(_ time: VirtualTime) {
            clock = time
            // `publishedTicks` exists only when `VirtualTime` is `Int`.
            publishedTicks?.publish(unsafeBitCast(time, to: Int.self))
        }

        /// Queues `item` at `time` (after everything already queued for that time).
        mutating func insert(_ item: VirtualItemBase, at time: VirtualTime) {
            queue.insert(VirtualTimeEntry(time: time, id: nextID, item: item))
            nextID += 1
        }

        /// Starts running: `false` if a run is already in progress.
        mutating func begin() -> Bool {
            if isRunning { return false }
            isRunning = true
            return true
        }

        /// Sets the clock to `time` if that moves it forward; returns the value it replaced.
        mutating func moveClock(to time: VirtualTime, _ converter: Converter) -> VirtualTime? {
            guard converter.compareVirtualTime(time, clock) == .greaterThan else { return nil }
            defer { setClock(time) }
            return clock
        }

        /// Pops the next entry: a disposed one (to release), or the next live one due by `limit`
        /// (to run), with the clock moved to it. `nil` when nothing is due or the run stopped.
        mutating func next(notAfter limit: VirtualTime?, _ converter: Converter) -> Popped? {
            guard isRunning else { return nil }
            // Whether the first entry runs (`false`: it was disposed), if it is to be popped; read
            // in place, as a copy of the entry would retain its item.
            let firstRuns = queue.withFirst { first -> Bool? in
                if first.item.isDisposed { return false }
                if let limit, converter.compareVirtualTime(first.time, limit) == .greaterThan { return nil }
                return true
            }
            guard let runs = firstRuns ?? nil else { return nil }
            let entry = queue.removeFirst()
            guard runs else { return Popped(entry: entry, runs: false, displacedClock: nil) }
            return Popped(entry: entry, runs: true, displacedClock: moveClock(to: entry.time, converter))
        }
    }

    /// An entry taken off the queue, and the clock value it displaced: released after unlocking.
    private struct Popped {
        let entry: VirtualTimeEntry<VirtualTime>
        let runs: Bool
        let displacedClock: VirtualTime?
    }

    private let cell: LockedCell<State>

    /// The operators whose interval this scheduler rounded to zero ticks and reported
    /// (VirtualTimeRounding.swift).
    let roundedIntervalReports = RoundedIntervalReports()

    /// The clock as one atomic word when virtual time is an `Int` tick count (as for
    /// `TestScheduler`, whose every timer reads it), so that reading it takes no lock: published
    /// under the lock by every move of the clock, read with a relaxed load (a reader on another
    /// thread may see the previous tick, as it could have read it just before the move). `nil`
    /// for any other time type, whose clock is read under the lock.
    private let publishedTicks: PublishedTicks?

    /// How this scheduler's virtual time maps to dates and seconds: the one place where virtual
    /// time is converted.
    public let converter: Converter

    /// Creates a scheduler whose clock starts at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.converter = converter
        publishedTicks = VirtualTime.self == Int.self ? PublishedTicks(unsafeBitCast(initialClock, to: Int.self)) : nil
        cell = LockedCell(
            State(clock: initialClock, publishedTicks: publishedTicks, queue: VirtualItemQueue(converter: converter)))
    }

    // Tick specialization. Unspecialized, this class's code looks up runtime metadata for its
    // generic types on every call: TestScheduler's timers took about 9× the time (S8d,
    // Docs/Performance.md). So each hot
    // entry point carries `@_specialize` for TickVirtualTimeConverter (TestScheduler's): its
    // generic entry checks `Converter` first thing and jumps to a copy compiled for ticks. Its
    // work lives in an `@inline(never)` body, so that the generic entry has no generic locals
    // whose metadata it would compute before that check. Other converters run the generic code.

    /// The current virtual time.
    public var clock: VirtualTime { readClock() }

    @_specialize(where Converter == TickVirtualTimeConverter)
    private func readClock() -> VirtualTime { clockBody() }

    @inline(never)
    private func clockBody() -> VirtualTime { currentClock() }

    /// The clock: the published tick count if there is one, else read under the lock. Inlined
    /// into the out-of-line bodies only (see above).
    @inline(__always)
    private func currentClock() -> VirtualTime {
        // `publishedTicks` exists only when `VirtualTime` is `Int`.
        if let publishedTicks { return unsafeBitCast(publishedTicks.ticks, to: VirtualTime.self) }
        return cell.read { $0.clock }
    }

    /// The current virtual time as a date (``VirtualTimeConverterType/convertFromVirtualTime(_:)``).
    public var now: RxTime { readNow() }

    @_specialize(where Converter == TickVirtualTimeConverter)
    private func readNow() -> RxTime { date() }

    @inline(never)
    private func date() -> RxTime { converter.convertFromVirtualTime(currentClock()) }

    /// Hook for subclasses to move a due time computed from an `RxTimeInterval` (the test
    /// scheduler moves "now" to "now + 1"). Not applied to ``scheduleAbsoluteVirtual(_:time:action:)``
    /// or ``scheduleRelativeVirtual(_:dueTime:action:)``.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs `action(state)` now, after what is already due now.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    /// Runs `action(state)` `dueTime` after now.
    @_specialize(kind:partial,where Converter == TickVirtualTimeConverter)
    public func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        enqueue(VirtualItem(state: state, action: action), after: dueTime)
    }

    /// The library's own timers, scheduled with a non-generic item, so a timer costs no runtime
    /// metadata lookup for a generic item class (``TimerHosting``). Checks nothing: a sink asks
    /// once whether its interval rounds to no time at all (VirtualTimeRounding.swift).
    @_specialize(where Converter == TickVirtualTimeConverter)
    func scheduleTimer(_ tick: TimerTick, after dueTime: RxTimeInterval) -> DisposableNode {
        enqueue(VirtualTimerItem(tick: tick), after: dueTime)
    }

    /// Queues `item` at the clock offset by `dueTime`, as adjusted by the hook; returns it.
    ///
    /// The clock is read and converted outside the lock (the converter and the hook are not
    /// engine code). Should another thread move the clock in between, the item is only late: it
    /// runs at the next step of a run, without moving the clock back.
    @inline(never)
    private func enqueue(_ item: VirtualItemBase, after dueTime: RxTimeInterval) -> VirtualItemBase {
        let offset = converter.convertToVirtualTimeInterval(dueTime.seconds)
        let time = adjustScheduledTime(converter.offsetVirtualTime(currentClock(), offset: offset))
        cell.update { $0.insert(item, at: time) }
        return item
    }

    /// Runs `action` first after `startAfter`, then every `period`, each run due one `period`
    /// after the previous one was due. A library timer's interval that rounds to no time at all
    /// is reported, as for ``scheduleRelative(_:dueTime:action:)``'s.
    public func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        if let tick = state as? TimerTick {
            reportIfRoundedToZero(startAfter, by: tick.target)
            reportIfRoundedToZero(period, by: tick.target)
        }
        let periodic = PeriodicRun(scheduler: self, state: state, period: period, action: action)
        periodic.start(after: startAfter)
        return periodic
    }

    /// Queues `item` at `time`; returns it.
    @inline(never)
    private func enqueue(_ item: VirtualItemBase, at time: VirtualTime) -> VirtualItemBase {
        cell.update { $0.insert(item, at: time) }
        return item
    }

    /// Runs `action(state)` `dueTime` after the clock.
    public func scheduleRelativeVirtual<StateType: Sendable>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Runs `action(state)` at virtual time `time` (in the next run, without moving the clock
    /// back, if `time` has passed).
    @_specialize(kind:partial,where Converter == TickVirtualTimeConverter)
    public func scheduleAbsoluteVirtual<StateType: Sendable>(
        _ state: StateType, time: VirtualTime, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        enqueue(VirtualItem(state: state, action: action), at: time)
    }

    /// Runs everything scheduled, advancing the clock, until nothing is left or ``stop()`` is
    /// called. Does nothing if the scheduler is already running.
    @_specialize(where Converter == TickVirtualTimeConverter)
    public func start() { runAll() }

    @inline(never)
    private func runAll() {
        guard cell.update({ $0.begin() }) else { return }
        run(notAfter: nil)
        cell.update { $0.isRunning = false }
    }

    /// Runs everything due up to and including `virtualTime`, then sets the clock to it (unless
    /// the clock is already later). Must not be called while the scheduler is running.
    @_specialize(where Converter == TickVirtualTimeConverter)
    public func advanceTo(_ virtualTime: VirtualTime) { run(through: virtualTime) }

    @inline(never)
    private func run(through virtualTime: VirtualTime) {
        let started = cell.update { $0.begin() }
        precondition(started, "VirtualTimeScheduler: advanceTo called while the scheduler is running")
        run(notAfter: virtualTime)
        let displaced = cell.update { state in
            state.isRunning = false
            return state.moveClock(to: virtualTime, converter)
        }
        _ = consume displaced  // released here, after unlocking
    }

    /// Runs the due items one by one, each outside the lock; what the queue lets go of is
    /// released outside it too.
    private func run(notAfter limit: VirtualTime?) {
        // Virtual time for async code: tasks the items start run on this scheduler
        // (Concurrency/VirtualTimeExecutor.swift).
        let previous = RunningVirtualScheduler.enter(self)
        defer { RunningVirtualScheduler.leave(restoring: previous) }
        while let popped = cell.update({ $0.next(notAfter: limit, converter) }) {
            if popped.runs { popped.entry.item.invoke() }
        }
    }

    /// Advances the clock by `interval`, running what becomes due (``advanceTo(_:)``).
    public func advance(by interval: VirtualTimeInterval) {
        advanceTo(converter.offsetVirtualTime(clock, offset: interval))
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let current = clock
        let target = converter.offsetVirtualTime(current, offset: virtualInterval)
        precondition(
            converter.compareVirtualTime(target, current) != .lessThan,
            "VirtualTimeScheduler: cannot sleep into the past")
        let displaced: VirtualTime = cell.update { state in
            defer { state.setClock(target) }
            return state.clock
        }
        _ = consume displaced  // released here, after unlocking
    }

    /// Stops a running ``start()`` or ``advanceTo(_:)`` after the current item.
    public func stop() {
        cell.update { $0.isRunning = false }
    }

    /// The due times of work still scheduled and not disposed, in run order.
    public var pendingTimes: [VirtualTime] {
        let entries = cell.read { $0.queue.entries }
        return entries.filter { !$0.item.isDisposed }
            .sorted { VirtualItemQueue.precedes($0, $1, by: converter) }
            .map(\.time)
    }

    /// The clock and the due times of pending work: `VirtualTimeScheduler(clock: 5, pending: [8, 9])`.
    public var debugDescription: String {
        "VirtualTimeScheduler(clock: \(clock), pending: \(pendingTimes))"
    }
}

extension VirtualTimeScheduler where Converter == TickVirtualTimeConverter {
    /// Creates a scheduler counting integer ticks of `resolution` seconds, starting at tick
    /// `initialClock` (``TickVirtualTimeConverter``).
    public convenience init(initialClock: Int = 0, resolution: Double = 1.0) {
        self.init(initialClock: initialClock, converter: TickVirtualTimeConverter(resolution: resolution))
    }

    /// Seconds per virtual tick.
    public var resolution: Double { converter.resolution }

    /// Converts a duration to ticks, rounding to the nearest tick.
    public func virtualInterval(_ interval: RxTimeInterval) -> Int {
        converter.convertToVirtualTimeInterval(interval.seconds)
    }
}
