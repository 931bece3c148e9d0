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
struct VirtualItemQueue<Converter: VirtualTimeConverterType> {
    typealias Entry = VirtualTimeEntry<Converter.VirtualTimeUnit>

    private let converter: Converter
    private var heap: [Entry] = []

    init(converter: Converter) {
        self.converter = converter
    }

    var first: Entry? { heap.first }

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

    private func precedes(_ a: Int, _ b: Int) -> Bool { Self.precedes(heap[a], heap[b], by: converter) }

    mutating func insert(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the first entry and returns it (non-empty queue only).
    mutating func removeFirst() -> Entry {
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, precedes(left, smallest) { smallest = left }
            if right < heap.count, precedes(right, smallest) { smallest = right }
            if smallest == parent { return first }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
