import Streams

/// An observer that records every event with the scheduler's tick.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {  // `recorded` guarded by `lock`
    let scheduler: TestScheduler
    private let lock = NSLockLike()
    private var recorded: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) { self.scheduler = scheduler }

    /// Everything received so far, in order.
    public var events: [Recorded<Event<Element>>] { lock.withLock { recorded } }

    /// Records `event` at the current tick.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        lock.withLock { recorded.append(Recorded(time: time, value: event)) }
    }
}
