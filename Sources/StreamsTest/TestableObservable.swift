import Streams

/// A scripted observable for tests (hot or cold) that records its subscriptions.
///
/// A subscription is recorded as ended when it is disposed, as in RxTest: an observer that
/// subscribes the test observable directly and never disposes keeps it open (`Subscription(200)`)
/// even after the terminal event. Operators subscribe through `asObservable()`, whose sink releases
/// the subscription at the terminal event, so behind an operator it ends then (see
/// `RxTestParityTests`).
public final class TestableObservable<Element>: ObservableType, @unchecked Sendable {  // `state` is locked
    /// The scripted events.
    public let recordedEvents: [Recorded<Event<Element>>]
    let scheduler: TestScheduler
    private let isHot: Bool
    private let state = Locked(State())

    private struct State {
        var subscriptionLog: [Subscription] = []
        var hotObservers: [(id: Int, observer: AnyObserver<Element>)] = []
        var nextID = 0
    }

    init(scheduler: TestScheduler, events: [Recorded<Event<Element>>], isHot: Bool) {
        self.scheduler = scheduler
        self.recordedEvents = events
        self.isHot = isHot
        LeakTracking.register(self) { observable in
            let kind = observable.isHot ? "hot" : "cold"
            let subscriptions = observable.subscriptions.map(\.debugDescription).joined(separator: ", ")
            return "\(kind) \(type(of: observable)) (subscriptions: [\(subscriptions)])"
        }
        if isHot {
            for (index, record) in events.enumerated() {
                scheduler.scheduleAt(record.time) { [weak self] in self?.sendHot(index) }
            }
        }
    }

    /// Subscription lifetimes in ticks, in subscription order.
    public var subscriptions: [Subscription] { state.withLock { $0.subscriptionLog } }

    /// Subscribes `observer`.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let started = Subscription(scheduler.clock)
        let index: Int = state.withLock { state in
            state.subscriptionLog.append(started)
            return state.subscriptionLog.count - 1
        }
        let ended = EndOnce { [weak self] in self?.endSubscription(at: index) }
        let deliver = TestThreadOnly<(Event<Element>) -> Void>(observer.on)
        let forwarding = AnyObserver<Element> { event in deliver.value(event) }
        if isHot {
            let id: Int = state.withLock { state in
                defer { state.nextID += 1 }
                state.hotObservers.append((state.nextID, forwarding))
                return state.nextID
            }
            return Disposables.create { [weak self] in
                self?.removeHot(id)
                ended.run()
            }
        }
        let composite = CompositeDisposable()
        let target = TestThreadOnly((forwarding, recordedEvents))
        for (index, record) in recordedEvents.enumerated() {
            let disposable = scheduler.scheduleRelativeVirtual(target, dueTime: record.time) { target in
                target.value.0.on(target.value.1[index].value)
                return Disposables.create()
            }
            composite.insert(disposable)
        }
        return Disposables.create {
            composite.dispose()
            ended.run()
        }
    }

    /// The test observable as an `Observable`.
    public func asObservable() -> Observable<Element> {
        Observable.createUnrecorded { observer in self.subscribe(observer) }
    }

    private func sendHot(_ index: Int) {
        let event = recordedEvents[index].value
        let observers = state.withLock { $0.hotObservers.map(\.observer) }
        for observer in observers { observer.on(event) }
    }

    private func removeHot(_ id: Int) {
        let removed = state.withLock { state in
            let removed = state.hotObservers.filter { $0.id == id }
            state.hotObservers.removeAll { $0.id == id }
            return removed
        }
        _ = consume removed  // released here, after unlocking
    }

    private func endSubscription(at index: Int) {
        let time = scheduler.clock
        state.withLock { state in
            let started = state.subscriptionLog[index].subscribe
            if state.subscriptionLog[index].unsubscribe == Int.max {
                state.subscriptionLog[index] = Subscription(started, time)
            }
        }
    }
}

/// Carries a value into the test scheduler's actions. The test scheduler runs every action on
/// the test's own thread, so the value never crosses threads.
struct TestThreadOnly<Value>: @unchecked Sendable {  // virtual-time actions run on the test's thread
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs a closure once.
private final class EndOnce: Sendable {
    private let action: Locked<(@Sendable () -> Void)?>
    init(_ action: @escaping @Sendable () -> Void) { self.action = Locked(action) }
    func run() {
        let action = self.action.withLock { $0.take() }
        action?()
    }
}
