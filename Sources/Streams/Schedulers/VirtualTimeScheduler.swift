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

    @exclusivity(unchecked) private var cell: LockedCell<Clock>
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
        let started = cell.update { clock in
            if clock.isRunning { return false }
            clock.isRunning = true
            return true
        }
        guard started else { return }
        run(notAfter: nil)
        cell.update { $0.isRunning = false }
    }

    /// Runs everything due up to and including `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: Int) {
        let started = cell.update { clock in
            if clock.isRunning { return false }
            clock.isRunning = true
            return true
        }
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

/// One scheduled action, ordered by (time, id).
///
/// The action's result disposable is stored inline and published through `state`, as in
/// ``SingleAssignmentDisposable``, so a scheduled item costs one allocation.
///
/// A disposed item lets go of its action and state at once, even though it stays in the queue
/// until its time comes: the state is usually the sink that scheduled it, which in turn holds the
/// scheduler, so keeping it would form a cycle (sink → scheduler → queue → item → sink) that leaks
/// whenever virtual time never reaches the item. The `running` bit keeps that release from
/// racing with a concurrent `invoke`: whichever of the two comes second releases the payload.
class VirtualItemBase: DisposableNode, @unchecked Sendable {
    // Unchecked Sendable: `time`/`id` immutable; `result` and the payload are published by the
    // atomic state word.
    private static var disposedBit: Int { 1 }
    private static var resultBit: Int { 2 }
    private static var runningBit: Int { 4 }
    let time: Int
    let id: Int
    @exclusivity(unchecked) private var result: (any Disposable)?  // published through the word
    private let resourceScope: LiveResources.Scope?

    init(time: Int, id: Int) {
        self.time = time
        self.id = id
        resourceScope = LiveResources.acquire()
    }

    deinit { LiveResources.release(resourceScope) }

    var isDisposed: Bool { atomicState.load() & Self.disposedBit != 0 }

    override func dispose() {
        let old = atomicState.setBits(Self.disposedBit)
        guard old & Self.disposedBit == 0 else { return }
        if old & Self.runningBit == 0 { releasePayload() }
        guard old & Self.resultBit != 0 else { return }
        let disposable = result
        result = nil
        disposable?.dispose()
    }

    /// Runs the action unless disposed and keeps its result for disposal.
    final func invoke() {
        let before = atomicState.setBits(Self.runningBit)
        guard before & Self.disposedBit == 0 else { return }
        let disposable = run()
        releasePayload()
        // The no-op disposable says so through its link: asking an existential for its dynamic
        // type goes through the runtime.
        if let link = disposable._streamsUpstreamLink, link.key == NodeLink.nothingKey { return }
        result = disposable
        let old = atomicState.setBits(Self.resultBit)
        if old & Self.disposedBit != 0 {
            result = nil
            disposable.dispose()
        }
    }

    func run() -> any Disposable { NopDisposable() }

    /// Drops the action and its state; called once the item can no longer run.
    func releasePayload() {}
}

/// A scheduled action with its state stored inline.
private final class VirtualItem<State: Sendable>: VirtualItemBase, @unchecked Sendable {
    // Unchecked Sendable: `payload` is read by `invoke` and cleared by whichever of invoke/dispose
    // comes second, as arbitrated by the base class's atomic `running`/`disposed` bits.
    private var payload: (state: State, action: @Sendable (State) -> any Disposable)?

    init(time: Int, id: Int, state: State, action: @escaping @Sendable (State) -> any Disposable) {
        payload = (state, action)
        super.init(time: time, id: id)
    }

    override func run() -> any Disposable {
        guard let payload else { return NopDisposable() }
        return payload.action(payload.state)
    }

    override func releasePayload() { payload = nil }
}

/// A library timer (``_TimerTick``), non-generic.
private final class VirtualTimerItem: VirtualItemBase, @unchecked Sendable {
    // Unchecked Sendable: `tick` is read by `invoke` and cleared as `VirtualItem.payload` is.
    @exclusivity(unchecked) private var tick: _TimerTick?

    init(time: Int, id: Int, tick: _TimerTick) {
        self.tick = tick
        super.init(time: time, id: id)
    }

    override func run() -> any Disposable {
        guard let tick else { return NopDisposable() }
        return tick.fire()
    }

    override func releasePayload() { tick = nil }
}

/// A binary min-heap of scheduled items ordered by (time, id).
struct VirtualItemQueue {
    private var heap: [VirtualItemBase] = []

    var first: VirtualItemBase? { heap.first }

    func liveItems() -> [VirtualItemBase] {
        heap.filter { !$0.isDisposed }.sorted(by: Self.precedes)
    }

    private static func precedes(_ a: VirtualItemBase, _ b: VirtualItemBase) -> Bool {
        a.time != b.time ? a.time < b.time : a.id < b.id
    }

    mutating func insert(_ item: VirtualItemBase) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, Self.precedes(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, Self.precedes(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
