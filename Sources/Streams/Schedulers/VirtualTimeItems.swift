// The items a VirtualTimeScheduler queues, and its queue: a min-heap by due tick, then order.

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
final class VirtualItem<State: Sendable>: VirtualItemBase, @unchecked Sendable {
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
final class VirtualTimerItem: VirtualItemBase, @unchecked Sendable {
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
