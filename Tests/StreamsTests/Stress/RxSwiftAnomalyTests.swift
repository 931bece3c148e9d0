import Foundation
import Streams
import Testing

/// Regression tests for deadlocks, crashes and warnings reported against RxSwift, each named after
/// the issue whose scenario it reproduces. Every scenario runs on its own thread under a generous
/// deadline (`finishesWithin`), so a deadlock fails the test instead of hanging the run, and each
/// asserts the exact result the scenario defines.
@Suite(.tags(.stress), .leakChecked) struct RxSwiftAnomalyTests {
    /// Every `share` flavour RxSwift's anomaly tests run their scenarios against.
    static let shareFlavours: [@Sendable (Observable<Int>) -> Observable<Int>] = [
        { $0.share(replay: 0, scope: .whileConnected) }, { $0.share(replay: 0, scope: .forever) },
        { $0.share(replay: 1, scope: .whileConnected) }, { $0.share(replay: 1, scope: .forever) },
        { $0.share(replay: 2, scope: .whileConnected) }, { $0.share(replay: 2, scope: .forever) },
    ]

    // MARK: Reentrancy: defined results, no warning (#1312, #1775)

    /// #1312: an observer of `distinctUntilChanged` sends into the subject it observes; RxSwift
    /// printed "Reentrancy anomaly was detected". Here the send is queued and delivered after the
    /// current delivery returns.
    @Test func test1312ReentrantSendThroughDistinctUntilChangedIsQueuedWithoutWarning() {
        let subject = PublishSubject<Int>()
        let seen = Recorder<Int>()
        let subscription = subject.distinctUntilChanged().subscribe(onNext: { value in
            seen.append(value)
            subject.onNext(2)
        })
        subject.onNext(1)
        subscription.dispose()
        #expect(seen.values == [1, 2])
    }

    /// #1775: a state machine whose observer reacts to each event by sending the next one into the
    /// same `BehaviorSubject`, with a second observer watching. Every observer sees every state,
    /// in order, once.
    @Test func test1775StateMachineFeedingItsOwnSubjectDeliversEveryStateInOrder() {
        let states = BehaviorSubject(value: 0)
        let watcher = Recorder<Int>()
        let driver = Recorder<Int>()
        let watching = states.subscribe(onNext: { watcher.append($0) })
        let driving = states.subscribe(onNext: { state in
            driver.append(state)
            if state > 0 && state < 4 { states.onNext(state + 1) }
        })
        states.onNext(1)
        states.onCompleted()
        watching.dispose()
        driving.dispose()
        #expect(watcher.values == [0, 1, 2, 3, 4])
        #expect(driver.values == [0, 1, 2, 3, 4])
    }

    /// #1312/#1775: no warning API exists. The only library code that writes to the console is
    /// `debug` (which the user asks for) and the default unhandled-error hook; nothing mentions a
    /// reentrancy "anomaly".
    @Test func test1312And1775LibraryHasNoReentrancyWarning() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Streams")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        var printing: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.lowercased().contains("anomaly"), "\(file)")
            let writes = ["print(", "fputs(", "FileHandle.standardError", "FileHandle.standardOutput", "NSLog("]
            if writes.contains(where: { text.contains($0) }) { printing.append((file as NSString).lastPathComponent) }
        }
        #expect(printing.sorted() == ["Debug.swift", "Hooks.swift"])
    }

    // MARK: Reentrancy: dispose / subscribe / feed back from inside onNext

    @Test func disposingFromInsideOnNextOfAMultiSourceOperatorStopsDelivery() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let seen = Recorder<Int>()
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(
            Observable.merge([first.asObservable(), second.asObservable()]).map { $0 * 10 }
                .subscribe(onNext: { value in
                    seen.append(value)
                    if value == 20 {
                        subscription.dispose()
                        first.onNext(3)  // sent after disposal, from inside the delivery
                    }
                }))
        first.onNext(1)
        second.onNext(2)
        second.onNext(4)
        #expect(!first.hasObservers && !second.hasObservers)
        #expect(seen.values == [10, 20])
    }

    @Test func subscribingFromInsideOnNextSeesOnlyLaterEvents() {
        let subject = PublishSubject<Int>()
        let outer = Recorder<Int>()
        let inner = Recorder<Int>()
        let bag = CompositeDisposable()
        _ = bag.insert(
            subject.subscribe(onNext: { value in
                outer.append(value)
                if value == 1 { _ = bag.insert(subject.subscribe(onNext: { inner.append($0) })) }
            }))
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        bag.dispose()
        #expect(outer.values == [1, 2])
        #expect(inner.values == [2])
    }

    /// A `share(replay: 1)` whose observer feeds back into the subject it is built on: each element
    /// is queued and delivered after the current one, and a late observer gets the last one.
    @Test func shareReplayFeedingBackIntoItsSourceDoesNotDeadlock() {
        let source = BehaviorSubject(value: 0)
        let shared = source.map { $0 + 1 }.share(replay: 1)
        let seen = Recorder<Int>()
        let late = Recorder<Int>()
        let ok = finishesWithin {
            let feeding = shared.subscribe(onNext: { value in
                seen.append(value)
                if value < 5 { source.onNext(value) }
            })
            let watching = shared.subscribe(onNext: { late.append($0) })
            watching.dispose()
            feeding.dispose()
        }
        #expect(ok)
        #expect(seen.values == [1, 2, 3, 4, 5])
        #expect(late.values == [5])
        #expect(!source.hasObservers)
    }

    // MARK: Lock-inversion deadlocks (#1323, #1992, #2653, #2698, #2713)

    /// #1323: a source emits then completes synchronously while `flatMap`'s inner emits from
    /// another queue, all behind `share`; RxSwift held share's lock while subscribing and
    /// deadlocked against flatMap's lock.
    @Test func test1323FlatMapBehindShareDoesNotDeadlock() {
        for (index, flavour) in Self.shareFlavours.enumerated() {
            for _ in 0..<20 {
                let checker = ContractChecker<Int>()
                let ok = expectNoLeaks {
                    finishesWithin {
                        let done = DispatchSemaphore(value: 0)
                        let innerQueue = DispatchQueue(label: "test1323.inner")
                        let innerScheduler = SerialDispatchQueueScheduler(serialQueue: innerQueue)
                        let source = Observable<Int>.create { observer in
                            observer.onNext(1)
                            observer.onCompleted()
                            return Disposables.create()
                        }
                        .flatMap { value in
                            // The inner emits and completes on another queue.
                            Observable.just(value).subscribe(on: innerScheduler)
                        }
                        let subscription = flavour(source).do(afterCompleted: { done.signal() }).subscribe(checker)
                        _ = waits(for: done)
                        subscription.dispose()
                        innerQueue.sync {}  // the inner's teardown runs there right after it completes
                    }
                }
                #expect(ok, "share flavour \(index)")
                #expect(checker.contractViolations == [])
                #expect(checker.receivedElements == [1], "share flavour \(index)")
                #expect(checker.terminalEvent == .completed)
            }
        }
    }

    /// #1992: two chained `share(replay: 1)`s, each replaying to a late subscriber while another
    /// thread subscribes through the other one first (RxSwift replayed under share's lock, and
    /// the two locks were taken in opposite orders).
    @Test func test1992TwoShareReplayOneDoNotDeadlock() {
        let checkers = Recorder<ContractChecker<Int>>()
        let ok = finishesWithin {
            for round in 0..<100 {
                let source = PublishSubject<Int>()
                let first = source.share(replay: 1)
                let second = first.map { $0 * 10 }.share(replay: 1)
                let keepAlive = CompositeDisposable(first.subscribe(), second.subscribe())
                source.onNext(round)
                DispatchQueue.concurrentPerform(
                    iterations: 3,
                    execute: bindingCurrentScope { lane in
                        switch lane {
                        case 0, 1:
                            let checker = ContractChecker<Int>()
                            checkers.append(checker)
                            let combined =
                                lane == 0
                                ? Observable.combineLatest(first, second) { $0 * 10 + $1 }
                                : Observable.combineLatest(second, first) { $1 * 10 + $0 }
                            // A replay queued behind another thread's delivery arrives from that
                            // thread, so wait for the first combination before leaving.
                            let done = DispatchSemaphore(value: 0)
                            let subscription = combined.take(1).do(afterCompleted: { done.signal() })
                                .subscribe(checker)
                            _ = waits(for: done)
                            subscription.dispose()
                        default:
                            source.onNext(round)
                        }
                    })
                keepAlive.dispose()
            }
        }
        #expect(ok)
        for checker in checkers.values {
            #expect(checker.contractViolations == [])
            // Both sides replay the same round, so the first combination is exact.
            #expect(checker.receivedElements.count == 1)
            #expect(checker.receivedElements.allSatisfy { $0 % 20 == 0 })
            #expect(checker.terminalEvent == .completed)
        }
    }

    /// #2653: `zip` of two `take(1)`s of a `share(replay: 1)`, subscribed from several threads at
    /// once: `take(1)` completes during share's replay, so zip disposes its source from inside
    /// that replay while other threads are replaying too.
    @Test func test2653TakeOneShareReplayZipDoesNotDeadlock() {
        let results = Recorder<[Int]>()
        let violations = Recorder<String>()
        let ok = finishesWithin {
            let source = BehaviorSubject(value: 21)
            let shared = source.share(replay: 1)
            let keepAlive = shared.subscribe()
            runConcurrently(threads: 4, iterations: 2_000) { _ in
                runToCompletion(
                    Observable.zip(shared.take(1), shared.take(1)) { $0 + $1 }, results: results,
                    violations: violations)
            }
            keepAlive.dispose()
        }
        #expect(ok)
        #expect(results.values.count == 2_000)
        #expect(results.values.allSatisfy { $0 == [42] })
        #expect(violations.values == [])
    }

    /// #2698: one thread holds a lock of its own and subscribes to a connectable while another
    /// disconnects it, and the source's teardown needs that same lock (RxSwift disposed the
    /// source under the adapter's lock).
    @Test func test2698ConnectableDisconnectsOutsideItsLock() {
        let appLock = NSLock()
        let teardowns = Counter()
        let ok = finishesWithin {
            let source = Observable<Int>.create { _ in
                Disposables.create {
                    appLock.lock()
                    teardowns.increment()
                    appLock.unlock()
                }
            }
            for connectable in [source.publish(), source.replay(1)] {
                for _ in 0..<300 {
                    let connection = connectable.connect()
                    DispatchQueue.concurrentPerform(
                        iterations: 2,
                        execute: bindingCurrentScope { lane in
                            if lane == 0 {
                                appLock.lock()
                                connectable.subscribe(onNext: { _ in }).dispose()
                                appLock.unlock()
                            } else {
                                connection.dispose()
                            }
                        })
                }
            }
        }
        #expect(ok)
        #expect(teardowns.value == 600)
    }

    /// #2713: a `ReplaySubject` replays its buffer into `zip`, whose first side completes during
    /// the replay and disposes back into the subject, while other threads subscribe and leave.
    @Test func test2713ReplaySubjectReplaysOutsideItsLock() {
        let results = Recorder<[Int]>()
        let violations = Recorder<String>()
        let ok = finishesWithin {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            for value in 1...3 { subject.onNext(value) }
            runConcurrently(threads: 4, iterations: 2_000) { _ in
                runToCompletion(
                    Observable.zip(subject.take(2), subject.take(3)) { $0 + $1 }, results: results,
                    violations: violations)
            }
            if subject.hasObservers { violations.append("subject still has observers") }
        }
        #expect(ok)
        #expect(results.values.count == 2_000)
        #expect(results.values.allSatisfy { $0 == [2, 4] })
        #expect(violations.values == [])
    }

    // MARK: Crash (#2718)

    /// #2718: two threads make the first subscription to a cold `share()` at the same moment;
    /// RxSwift connected twice and crashed. The source must be subscribed exactly once per
    /// connection, and disposed once when both leave.
    @Test func test2718ShareWithoutReplayConnectsOnceForConcurrentFirstSubscriptions() {
        for (index, flavour) in Self.shareFlavours.enumerated() {
            let (scope, outcome) = LiveResources.withScope {
                let subscribes = Counter()
                let disposals = Counter()
                let received = Counter()
                let ok = finishesWithin {
                    for _ in 0..<300 {
                        let source = Observable<Int>.create { observer in
                            subscribes.increment()
                            observer.onNext(1)
                            return Disposables.create { disposals.increment() }
                        }
                        let shared = flavour(source)
                        let subscriptions = Recorder<any Disposable>()
                        DispatchQueue.concurrentPerform(
                            iterations: 2,
                            execute: bindingCurrentScope { (_: Int) in
                                subscriptions.append(shared.subscribe(onNext: { _ in received.increment() }))
                            })
                        for subscription in subscriptions.values { subscription.dispose() }
                    }
                }
                return (ok, subscribes.value, disposals.value, received.value)
            }
            #expect(outcome.0, "share flavour \(index)")
            #expect(outcome.1 == 300, "share flavour \(index)")
            #expect(outcome.2 == 300, "share flavour \(index)")
            // The first observer always gets the element; the second only if it arrived in time
            // or the flavour replays.
            #expect(outcome.3 >= 300 && outcome.3 <= 600, "share flavour \(index)")
            #expect(scope.total == 0, "share flavour \(index)")
        }
    }
}

/// Subscribes a contract checker to `chain` and waits for its terminal event, then records the
/// elements it received and any violation: no terminal event, one other than completion, or a
/// broken contract. A subscriber that arrives while another thread is delivering gets its replay
/// from that thread (the subject's queue-and-drain), hence the wait.
private func runToCompletion(_ chain: Observable<Int>, results: Recorder<[Int]>, violations: Recorder<String>) {
    let checker = ContractChecker<Int>()
    let done = DispatchSemaphore(value: 0)
    let subscription = chain.do(afterCompleted: { done.signal() }).subscribe(checker)
    if !waits(for: done) { violations.append("no terminal event") }
    subscription.dispose()
    results.append(checker.receivedElements)
    if checker.terminalEvent != .completed { violations.append("not completed") }
    for violation in checker.contractViolations { violations.append(violation) }
}
