import Streams

/// An observer that records every event with the scheduler's tick.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {  // `recorded` is locked
    let scheduler: TestScheduler
    private let recorded = Locked<[Recorded<Event<Element>>]>([])

    init(scheduler: TestScheduler) { self.scheduler = scheduler }

    /// Everything received so far, in order.
    public var events: [Recorded<Event<Element>>] { recorded.withLock { $0 } }

    /// Records `event` at the current tick.
    public func on(_ event: Event<Element>) {
        let time = scheduler.clock
        recorded.withLock { $0.append(Recorded(time: time, value: event)) }
    }
}
