import Dispatch
import Foundation
import Streams
import StreamsTest
import Testing

/// Keeps subscriptions made inside scheduled test actions (all on the test's thread).
final class SubscriptionBox: @unchecked Sendable {  // touched only by the test scheduler's serial actions
    var subscriptions: [String: any Disposable] = [:]
    var connectable: ConnectableObservable<Int>?
    var shared: Observable<Int>?

    /// Ends what the test left connected or subscribed (a connection to a source that never
    /// completes lives until it is disposed).
    deinit {
        for subscription in subscriptions.values { subscription.dispose() }
    }
}

@Suite(.leakChecked) struct MulticastTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func publishMakesANewSubjectPerConnection() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(260, 2), .next(310, 3), .next(410, 4), .next(510, 5), .completed(600),
        ])
        let res = scheduler.createObserver(Int.self)
        let box = SubscriptionBox()
        scheduler.scheduleAt(100) { box.connectable = xs.publish() }
        scheduler.scheduleAt(250) { box.subscriptions["c1"] = box.connectable?.connect() }
        scheduler.scheduleAt(300) { box.subscriptions["o"] = box.connectable?.subscribe(res) }
        scheduler.scheduleAt(400) { box.subscriptions["c1"]?.dispose() }
        scheduler.scheduleAt(500) { box.subscriptions["c2"] = box.connectable?.connect() }
        scheduler.start()
        #expect(res.events == [.next(310, 3)])
        #expect(xs.subscriptions == [Subscription(250, 400), Subscription(500, 600)])
    }

    @Test func multicastWithOneSubjectKeepsObserversAcrossConnections() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(260, 2), .next(310, 3), .next(410, 4), .next(510, 5), .completed(600),
        ])
        let res = scheduler.createObserver(Int.self)
        let box = SubscriptionBox()
        scheduler.scheduleAt(100) { box.connectable = xs.multicast(PublishSubject<Int>()) }
        scheduler.scheduleAt(250) { box.subscriptions["c1"] = box.connectable?.connect() }
        scheduler.scheduleAt(300) { box.subscriptions["o"] = box.connectable?.subscribe(res) }
        scheduler.scheduleAt(400) { box.subscriptions["c1"]?.dispose() }
        scheduler.scheduleAt(500) { box.subscriptions["c2"] = box.connectable?.connect() }
        scheduler.start()
        #expect(res.events == [.next(310, 3), .next(510, 5), .completed(600)])
        #expect(xs.subscriptions == [Subscription(250, 400), Subscription(500, 600)])
    }

    @Test func replayAndReplayAllReplayToLateObservers() {
        let xs = scheduler.createHotObservable("-abc------d", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let two = scheduler.createObserver(Int.self)
        let all = scheduler.createObserver(Int.self)
        let box = SubscriptionBox()
        let replay2 = xs.replay(2)
        let replayAll = xs.replayAll()
        scheduler.scheduleAt(200) {
            box.subscriptions["a"] = replay2.connect()
            box.subscriptions["b"] = replayAll.connect()
        }
        scheduler.scheduleAt(250) {
            box.subscriptions["c"] = replay2.subscribe(two)
            box.subscriptions["d"] = replayAll.subscribe(all)
        }
        scheduler.start()
        assertMarbles(two, "-----(bc)-d", values: ["b": 2, "c": 3, "d": 4])
        assertMarbles(all, "-----(abc)d", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        assertSubscriptions(xs, "^", "^")
    }

    @Test func refCountConnectsForTheFirstAndDisconnectsAfterTheLast() {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(270, 6),
            .completed(300),
        ])
        let a = scheduler.createObserver(Int.self)
        let b = scheduler.createObserver(Int.self)
        let c = scheduler.createObserver(Int.self)
        let box = SubscriptionBox()
        let shared = xs.publish().refCount()
        scheduler.scheduleAt(200) { box.subscriptions["a"] = shared.subscribe(a) }
        scheduler.scheduleAt(225) { box.subscriptions["b"] = shared.subscribe(b) }
        scheduler.scheduleAt(235) { box.subscriptions["a"]?.dispose() }
        scheduler.scheduleAt(260) { box.subscriptions["b"]?.dispose() }
        scheduler.scheduleAt(280) { box.subscriptions["c"] = shared.subscribe(c) }
        scheduler.start()
        #expect(a.events == [.next(210, 1), .next(220, 2), .next(230, 3)])
        #expect(b.events == [.next(230, 3), .next(240, 4), .next(250, 5)])
        #expect(c.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 260), Subscription(280, 300)])
    }

    @Test func releasesEverything() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        _ = scheduler.start { xs.publish().refCount() }
        _ = scheduler.start(disposed: 215) { xs.replay(1).refCount() }
    }
}

@Suite(.leakChecked) struct ShareReplayTests {
    private func run(
        _ scope: SubjectLifetimeScope, replay: Int, events: [Recorded<Event<Int>>],
        observers: [(name: String, subscribe: Int, dispose: Int)]
    ) -> (TestableObservable<Int>, [String: TestableObserver<Int>]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let shared = xs.share(replay: replay, scope: scope)
        let box = SubscriptionBox()
        var results: [String: TestableObserver<Int>] = [:]
        for observer in observers {
            let recorder = scheduler.createObserver(Int.self)
            results[observer.name] = recorder
            let name = observer.name
            scheduler.scheduleAt(observer.subscribe) { box.subscriptions[name] = shared.subscribe(recorder) }
            scheduler.scheduleAt(observer.dispose) { box.subscriptions[name]?.dispose() }
        }
        scheduler.start()
        return (xs, results)
    }

    @Test func lateObserverGetsTheLatestElement() {
        let (xs, res) = run(
            .whileConnected, replay: 1,
            events: [.next(210, 1), .next(220, 2), .next(240, 3), .completed(400)],
            observers: [("a", 200, 1000), ("b", 230, 1000)])
        #expect(res["a"]?.events == [.next(210, 1), .next(220, 2), .next(240, 3), .completed(400)])
        #expect(res["b"]?.events == [.next(230, 2), .next(240, 3), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func shareWithoutReplayGivesLateObserversOnlyLaterElements() {
        let (xs, res) = run(
            .whileConnected, replay: 0, events: [.next(210, 1), .next(220, 2), .next(240, 3)],
            observers: [("a", 200, 300), ("b", 230, 350)])
        #expect(res["a"]?.events == [.next(210, 1), .next(220, 2), .next(240, 3)])
        #expect(res["b"]?.events == [.next(240, 3)])
        #expect(xs.subscriptions == [Subscription(200, 350)])
    }

    @Test func whileConnectedStartsAfreshAfterEveryoneLeft() {
        let (xs, res) = run(
            .whileConnected, replay: 1, events: [.next(210, 1), .next(220, 2), .next(300, 3)],
            observers: [("a", 200, 250), ("b", 260, 1000)])
        #expect(res["a"]?.events == [.next(210, 1), .next(220, 2)])
        #expect(res["b"]?.events == [.next(300, 3)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(260, 1000)])
    }

    @Test func foreverKeepsTheReplayAcrossConnections() {
        let (xs, res) = run(
            .forever, replay: 1, events: [.next(210, 1), .next(220, 2), .next(300, 3)],
            observers: [("a", 200, 250), ("b", 260, 1000)])
        #expect(res["a"]?.events == [.next(210, 1), .next(220, 2)])
        #expect(res["b"]?.events == [.next(260, 2), .next(300, 3)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(260, 1000)])
    }

    @Test func whileConnectedResubscribesAfterCompletion() {
        let (xs, res) = run(
            .whileConnected, replay: 1, events: [.next(210, 1), .completed(400)],
            observers: [("a", 200, 1000), ("c", 500, 900)])
        #expect(res["a"]?.events == [.next(210, 1), .completed(400)])
        #expect(res["c"]?.events == [])
        #expect(xs.subscriptions == [Subscription(200, 400), Subscription(500, 900)])
    }

    @Test func foreverReplaysTheTerminalEventWithoutResubscribing() {
        let (xs, res) = run(
            .forever, replay: 1, events: [.next(210, 1), .error(400, TestError())],
            observers: [("a", 200, 1000), ("c", 500, 900)])
        #expect(res["a"]?.events == [.next(210, 1), .error(400, TestError())])
        #expect(res["c"]?.events == [.next(500, 1), .error(500, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func foreverWithoutReplayGivesLateObserversTheTerminalEvent() {
        let (xs, res) = run(
            .forever, replay: 0, events: [.next(210, 1), .completed(400)],
            observers: [("a", 200, 1000), ("c", 500, 900)])
        #expect(res["a"]?.events == [.next(210, 1), .completed(400)])
        #expect(res["c"]?.events == [.completed(500)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func releasesEverything() {
        _ = run(
            .whileConnected, replay: 1, events: [.next(210, 1), .completed(400)],
            observers: [("a", 200, 1000), ("c", 500, 900)])
        _ = run(
            .forever, replay: 1, events: [.next(210, 1), .next(300, 2)],
            observers: [("a", 200, 250), ("b", 260, 320)])
    }

    @Test func feedingBackIntoTheSourceDoesNotDeadlock() {
        let subject = BehaviorSubject(value: 0)
        let shared = subject.share(replay: 1)
        let log = Log()
        let late = Log()
        let bag = DisposeBag()
        shared.subscribe(onNext: { [weak bag] value in
            log.append("\(value)")
            if value == 2, let bag {
                shared.subscribe(onNext: { late.append("\($0)") }).disposed(by: bag)
            }
            if value < 5 { subject.onNext(value + 1) }
        }).disposed(by: bag)
        #expect(log.items == ["0", "1", "2", "3", "4", "5"])
        #expect(late.items == ["2", "3", "4", "5"])
        withExtendedLifetime(bag) {}  // the closure holds the bag weakly
    }

    @Test func concurrentFirstSubscriptionsConnectOnceAndAllReceive() {
        for _ in 0..<100 {
            let connections = Log()
            let source = Observable<Int>.create { observer in
                connections.append("connect")
                observer.onNext(1)
                return Disposables.create()
            }
            let shared = source.share(replay: 1)
            let received = Log()
            let subscriptions = SubscriptionList()
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                subscriptions.append(shared.subscribe(onNext: { received.append("\(index):\($0)") }))
            }
            #expect(connections.items == ["connect"])
            #expect(received.items.count == 8)
            subscriptions.disposeAll()
        }
    }

    @Test func concurrentSubscribeAndDisposeEndsDisconnected() {
        let connected = Log()
        let source = Observable<Int>.create { observer in
            connected.append("+")
            return Disposables.create { connected.append("-") }
        }
        let shared = source.share()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 { shared.subscribe(onNext: { _ in }).dispose() }
        }
        let items = connected.items
        #expect(items.count { $0 == "+" } == items.count { $0 == "-" })
    }
}

/// Issue #22, the interleaving forced: the last observer leaves, and while that disconnect runs
/// (inside the source's teardown) another observer subscribes — from another thread, or from the
/// teardown itself. It must be attached to the subject the reconnect feeds, so it receives the
/// second connection's element; before the fix it was attached to the subject being dropped and
/// got nothing from the source, ever (or only the dropped subject's replay).
@Suite struct RefCountReconnectOrderingTests {
    private static let flavours: [(label: String, make: @Sendable (Observable<Int>) -> Observable<Int>, late: [Int])] =
        [
            ("publish().refCount()", { $0.publish().refCount() }, [2]),
            ("replay(1).refCount()", { $0.replay(1).refCount() }, [2]),
            ("share()", { $0.share() }, [2]),
            ("share(replay: 1)", { $0.share(replay: 1) }, [2]),
            ("share(scope: .forever)", { $0.share(scope: .forever) }, [2]),
            ("share(replay: 1, scope: .forever)", { $0.share(replay: 1, scope: .forever) }, [1, 2]),
        ]

    @Test(arguments: [false, true])
    func anObserverArrivingDuringTheLastDisconnectGetsTheNextConnection(fromTheTeardown: Bool) {
        for flavour in Self.flavours {
            let label = "\(flavour.label), subscribing \(fromTheTeardown ? "from the teardown" : "from another thread")"
            let (scope, outcome) = LiveResources.withScope {
                let connections = Counter()
                let shared = Locked<Observable<Int>?>(nil)
                let late = Locked<(any Disposable)?>(nil)
                let received = Log()
                let handedOver = Recorder<Bool>()
                @Sendable func subscribeLate() {
                    guard let observable = shared.withLock({ $0 }) else { return }
                    let subscription = observable.subscribe(onNext: { received.append("\($0)") })
                    late.withLock { $0 = subscription }
                }
                let source = Observable<Int>.create { observer in
                    let number = connections.increment()
                    observer.onNext(number)
                    return Disposables.create {
                        guard number == 1 else { return }
                        // The first connection is being disconnected: its last observer left.
                        if fromTheTeardown { return subscribeLate() }
                        let subscribed = DispatchSemaphore(value: 0)
                        Thread.detachNewThread(
                            bindingCurrentScope {
                                subscribeLate()
                                subscribed.signal()
                            })
                        handedOver.append(waits(for: subscribed))
                    }
                }
                let observable = flavour.make(source)
                shared.withLock { $0 = observable }
                observable.subscribe(onNext: { _ in }).dispose()
                let events = received.items
                let count = connections.value
                late.withLock { $0.take() }?.dispose()
                _ = shared.withLock { $0.take() }  // breaks the cycle through `subscribeLate`, released unlocked
                return (events, count, handedOver.values)
            }
            #expect(outcome.0 == flavour.late.map { "\($0)" }, "\(label)")
            #expect(outcome.1 == 2, "\(label)")
            #expect(outcome.2 == (fromTheTeardown ? [] : [true]), "\(label)")
            #expect(scope.total == 0, "\(label)")
        }
    }
}

/// Subscriptions collected from several threads.
final class SubscriptionList: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var items: [any Disposable] = []
    func append(_ item: any Disposable) { lock.withLock { items.append(item) } }
    func disposeAll() { for item in lock.withLock({ items }) { item.dispose() } }
}
