import Streams

/// A scripted observable for tests (hot or cold) that records its subscriptions.
///
/// A subscription is recorded as ended when it is disposed, as in RxTest: an observer that
/// subscribes the test observable directly and never disposes keeps it open (`Subscription(200)`)
/// even after the terminal event. Operators subscribe through `asObservable()`, whose sink releases
/// the subscription at the terminal event, so behind an operator it ends then (see
/// `RxTestParityTests`).
public final class TestableObservable<Element>: ObservableType, @unchecked Sendable {  // state guarded by `lock`
    /// The scripted events.
    public let recordedEvents: [Recorded<Event<Element>>]
    let scheduler: TestScheduler
    private let isHot: Bool
    private let lock = NSLockLike()
    private var subscriptionLog: [Subscription] = []
    private var hotObservers: [(id: Int, observer: AnyObserver<Element>)] = []
    private var nextID = 0

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
    public var subscriptions: [Subscription] { lock.withLock { subscriptionLog } }

    /// Subscribes `observer`.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let index: Int = lock.withLock {
            subscriptionLog.append(Subscription(scheduler.clock))
            return subscriptionLog.count - 1
        }
        let ended = EndOnce { [weak self] in self?.endSubscription(at: index) }
        let deliver = TestThreadOnly<(Event<Element>) -> Void>(observer.on)
        let forwarding = AnyObserver<Element> { event in deliver.value(event) }
        if isHot {
            let id: Int = lock.withLock {
                defer { nextID += 1 }
                hotObservers.append((nextID, forwarding))
                return nextID
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
        Observable.create { observer in self.subscribe(observer) }
    }

    private func sendHot(_ index: Int) {
        let event = recordedEvents[index].value
        let observers = lock.withLock { hotObservers.map(\.observer) }
        for observer in observers { observer.on(event) }
    }

    private func removeHot(_ id: Int) {
        lock.withLock { hotObservers.removeAll { $0.id == id } }
    }

    private func endSubscription(at index: Int) {
        let time = scheduler.clock
        lock.withLock {
            let started = subscriptionLog[index].subscribe
            if subscriptionLog[index].unsubscribe == Int.max {
                subscriptionLog[index] = Subscription(started, time)
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
private final class EndOnce: @unchecked Sendable {  // `action` guarded by `lock`
    private let lock = NSLockLike()
    private var action: (@Sendable () -> Void)?
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    func run() {
        let action = lock.withLock {
            defer { self.action = nil }
            return self.action
        }
        action?()
    }
}
