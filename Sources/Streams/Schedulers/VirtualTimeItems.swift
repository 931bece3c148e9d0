// The items a VirtualTimeScheduler queues, and its queue: a min-heap by due time, then order.

/// One scheduled action. Its due time and order live in its queue entry (``VirtualTimeEntry``),
/// so the item stays non-generic over the scheduler's time type.
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
    // Unchecked Sendable: `result` and the payload are published by the atomic state word.
    private static var disposedBit: Int { 1 }
    private static var resultBit: Int { 2 }
    private static var runningBit: Int { 4 }
    @exclusivity(unchecked) private var result: (any Disposable)?  // published through the word
    private let resourceScope: LiveResources.Scope?

    init() {
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
final class VirtualItem<State: Sendable>: VirtualItemBase, @unchecked Sendable {
    // Unchecked Sendable: `payload` is read by `invoke` and cleared by whichever of invoke/dispose
    // comes second, as arbitrated by the base class's atomic `running`/`disposed` bits.
    private var payload: (state: State, action: @Sendable (State) -> any Disposable)?

    init(state: State, action: @escaping @Sendable (State) -> any Disposable) {
        payload = (state, action)
        super.init()
    }

    override func run() -> any Disposable {
        guard let payload else { return NopDisposable() }
        return payload.action(payload.state)
    }

    override func releasePayload() { payload = nil }
}

/// A library timer (``TimerTick``), non-generic.
final class VirtualTimerItem: VirtualItemBase, @unchecked Sendable {
    // Unchecked Sendable: `tick` is read by `invoke` and cleared as `VirtualItem.payload` is.
    @exclusivity(unchecked) private var tick: TimerTick?

    init(tick: TimerTick) {
        self.tick = tick
        super.init()
    }

    override func run() -> any Disposable {
        guard let tick else { return NopDisposable() }
        return tick.fire()
    }

    override func releasePayload() { tick = nil }
}

/// An item in a virtual-time queue: when it is due, and its place among items due then.
struct VirtualTimeEntry<Time> {
    let time: Time
    let id: Int
    let item: VirtualItemBase
}

/// A binary min-heap of scheduled items ordered by (time, id), times ordered by the converter.
///
/// Lives in the scheduler's locked cell, so ``VirtualTimeConverterType/compareVirtualTime(_:_:)``
/// runs under that lock (the protocol asks for a pure function). Removal moves the entry out, so
/// its item and time are released by the caller after unlocking.
///
/// Sifting moves entries through a hole in the heap's storage instead of swapping copies, so it
/// costs no reference counting (every timer of `TestScheduler` goes through here: S8d, S8t in
/// Docs/Performance.md). Invariant: every slot holds an entry, except while `insert` and
/// `removeFirst` move entries: then one slot may be a hole, refilled before they return, and
/// nothing but the converter's comparison runs meanwhile.
struct VirtualItemQueue<Converter: VirtualTimeConverterType> {
    typealias Entry = VirtualTimeEntry<Converter.VirtualTimeUnit>

    private let converter: Converter
    private var heap: [Entry] = []

    init(converter: Converter) {
        self.converter = converter
    }

    /// What `body` answers about the first entry, read in place (a copy would retain its item),
    /// or `nil` if the queue is empty.
    func withFirst<Answer>(_ body: (Entry) -> Answer) -> Answer? {
        heap.isEmpty ? nil : body(heap[0])
    }

    /// Every entry, in no particular order (a copy of the heap: sort it after unlocking).
    var entries: [Entry] { heap }

    /// Whether `a` runs before `b`.
    static func precedes(_ a: Entry, _ b: Entry, by converter: Converter) -> Bool {
        switch converter.compareVirtualTime(a.time, b.time) {
        case .lessThan: true
        case .equal: a.id < b.id
        case .greaterThan: false
        }
    }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        let converter = converter
        heap.withUnsafeMutableBufferPointer { Self.siftUp($0, by: converter) }
    }

    /// Removes the first entry and returns it (non-empty queue only).
    mutating func removeFirst() -> Entry {
        let converter = converter
        heap.withUnsafeMutableBufferPointer { heap in
            let last = heap.count - 1
            guard last > 0, let slots = heap.baseAddress else { return }
            // The first and the last entry trade places (moved, not copied); the new first sinks.
            let first = slots.move()
            slots.moveInitialize(from: slots + last, count: 1)
            (slots + last).initialize(to: first)
            Self.siftDown(UnsafeMutableBufferPointer(rebasing: heap[..<last]), by: converter)
        }
        return heap.removeLast()
    }

    /// Moves the last entry of `heap` up to its place: each parent it precedes moves down into
    /// the hole it leaves.
    private static func siftUp(_ heap: UnsafeMutableBufferPointer<Entry>, by converter: Converter) {
        guard let slots = heap.baseAddress, heap.count > 1 else { return }
        var hole = heap.count - 1
        let moving = (slots + hole).move()
        while hole > 0 {
            let parent = (hole - 1) / 2
            guard precedes(moving, slots[parent], by: converter) else { break }
            (slots + hole).moveInitialize(from: slots + parent, count: 1)
            hole = parent
        }
        (slots + hole).initialize(to: moving)
    }

    /// Moves the first entry of `heap` down to its place: each earlier child that precedes it
    /// moves up into the hole it leaves.
    private static func siftDown(_ heap: UnsafeMutableBufferPointer<Entry>, by converter: Converter) {
        guard let slots = heap.baseAddress, heap.count > 1 else { return }
        let count = heap.count
        let moving = slots.move()
        var hole = 0
        while true {
            var child = 2 * hole + 1
            if child >= count { break }
            if child + 1 < count, precedes(slots[child + 1], slots[child], by: converter) { child += 1 }
            guard precedes(slots[child], moving, by: converter) else { break }
            (slots + hole).moveInitialize(from: slots + child, count: 1)
            hole = child
        }
        (slots + hole).initialize(to: moving)
    }
}
