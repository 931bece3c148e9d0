import Foundation
import Streams
import Testing

/// `share(replay:scope:)` with observers arriving and leaving on several threads while the source
/// emits from its own queue. (Concurrent *first* subscriptions, RxSwift #2718, are in
/// `RxSwiftAnomalyTests`.)
@Suite(.tags(.stress)) struct ShareStressTests {
    private static let flavours: [(replay: Int, scope: SubjectLifetimeScope)] = [
        (0, .whileConnected), (1, .whileConnected), (2, .whileConnected), (0, .forever), (1, .forever), (2, .forever),
    ]

    @Test func observersArrivingAndLeavingWhileTheSourceEmitsSeeOrderedElements() {
        for flavour in Self.flavours {
            let label = "share(replay: \(flavour.replay), scope: \(flavour.scope))"
            let (scope, outcome) = LiveResources.withScope {
                let subject = PublishSubject<Int>()
                let connections = Counter()
                let overlapping = Counter()
                // Counts live connections to the source: refCount must never hold two at once.
                let source = Observable<Int>.create { observer in
                    if connections.increment() > 1 { overlapping.increment() }
                    let inner = subject.subscribe(observer)
                    return Disposables.create {
                        inner.dispose()
                        connections.increment(by: -1)
                    }
                }
                let shared = source.share(replay: flavour.replay, scope: flavour.scope)
                let violations = Recorder<String>()
                let finished = produceOnQueues(
                    [{ for value in 0..<20_000 { subject.onNext(value) } }]
                        + (0..<3).map { _ in
                            {
                                for _ in 0..<300 {
                                    let checker = ContractChecker<Int>()
                                    shared.subscribe(checker).dispose()
                                    let received = checker.receivedElements
                                    if zip(received, received.dropFirst()).contains(where: { $0 >= $1 }) {
                                        violations.append("out of order or repeated: \(received)")
                                    }
                                    if received.count > flavour.replay + 20_000 { violations.append("too many") }
                                    for violation in checker.contractViolations { violations.append(violation) }
                                }
                            }
                        })
                return (finished, violations.values, overlapping.value, connections.value, subject.hasObservers)
            }
            #expect(outcome.0, "\(label)")
            #expect(outcome.1 == [], "\(label)")
            #expect(outcome.2 == 0, "\(label): overlapping connections")
            #expect(outcome.3 == 0, "\(label): a connection is left")
            #expect(!outcome.4, "\(label)")
            #expect(scope.total == 0, "\(label)")
        }
    }

    @Test func sharedSourceCompletingWhileObserversArriveGivesEachAValidSequence() {
        for flavour in Self.flavours {
            let label = "share(replay: \(flavour.replay), scope: \(flavour.scope))"
            let (scope, outcome) = LiveResources.withScope {
                let violations = Recorder<String>()
                let finished = finishesWithin {
                    for _ in 0..<100 {
                        let subject = PublishSubject<Int>()
                        let shared = subject.share(replay: flavour.replay, scope: flavour.scope)
                        let checkers = Recorder<ContractChecker<Int>>()
                        let subscriptions = Recorder<any Disposable>()
                        DispatchQueue.concurrentPerform(
                            iterations: 3,
                            execute: bindingCurrentScope { lane in
                                if lane == 0 {
                                    for value in 0..<50 { subject.onNext(value) }
                                    subject.onCompleted()
                                } else {
                                    let checker = ContractChecker<Int>()
                                    checkers.append(checker)
                                    subscriptions.append(shared.subscribe(checker))
                                }
                            })
                        for subscription in subscriptions.values { subscription.dispose() }
                        for checker in checkers.values {
                            let received = checker.receivedElements
                            if zip(received, received.dropFirst()).contains(where: { $0 >= $1 }) {
                                violations.append("out of order: \(received)")
                            }
                            for violation in checker.contractViolations { violations.append(violation) }
                        }
                        if subject.hasObservers { violations.append("source still subscribed") }
                    }
                }
                return (finished, violations.values)
            }
            #expect(outcome.0, "\(label)")
            #expect(outcome.1 == [], "\(label)")
            #expect(scope.total == 0, "\(label)")
        }
    }
}

/// Issue #22: an observer that subscribes while the last one leaves must be attached to the
/// subject the source feeds next, never to the one the disconnect drops.
///
/// Two threads each subscribe, wait for one element, and dispose, round after round, against a
/// source that emits from its own queue; an observer that gets nothing within a generous bound is
/// starved (on the code before the fix it got nothing, ever). The window is narrow — the disconnect
/// runs between the last observer's leave and the subject's drop — so the source widens it the
/// way real sources do: its teardown waits for its emission queue to finish what it is running
/// (`queue.sync`), which keeps the disconnect in flight while the other thread subscribes.
@Suite(.tags(.stress)) struct RefCountStarvationStressTests {
    private static let flavours: [(label: String, make: @Sendable (Observable<Int>) -> Observable<Int>)] = [
        ("publish().refCount()", { $0.publish().refCount() }),
        ("share(replay: 1)", { $0.share(replay: 1) }),
    ]

    /// Emits 0, 1, 2, … from a serial queue of its own while subscribed; disposal stops it after
    /// the element being sent, if any (`queue.sync`), so nothing follows the disposal.
    private static func emitter(onQueue label: String) -> Observable<Int> {
        Observable<Int>.create { observer in
            let queue = DispatchQueue(label: label)
            let stopped = Locked(false)
            let relay = PublishSubject<Int>()
            let forwarding = relay.subscribe(observer)
            @Sendable func emit(_ value: Int) {
                queue.async {
                    if stopped.withLock({ $0 }) { return }
                    relay.onNext(value)
                    emit(value &+ 1)
                }
            }
            emit(0)
            return Disposables.create {
                queue.sync { stopped.withLock { $0 = true } }
                forwarding.dispose()
            }
        }
    }

    /// At most 10,000 rounds per thread (the 20,000 subscriptions) or 2 seconds of them
    /// per flavour; a round that waits 5 seconds for an element fails the test at once. Before the
    /// fix, `publish().refCount()` starved within the first rounds and `share(replay: 1)` within a
    /// few thousand.
    @Test func anObserverArrivingWhileTheLastLeavesIsNeverStarved() {
        for flavour in Self.flavours {
            let (scope, outcome) = LiveResources.withScope {
                let shared = flavour.make(Self.emitter(onQueue: "stress.refcount.emitter"))
                let starved = Recorder<String>()
                let rounds = Counter()
                let deadline = DispatchTime.now() + 2
                let finished = produceOnQueues(
                    (0..<2).map { lane in
                        {
                            for round in 0..<10_000 {
                                if DispatchTime.now() > deadline || !starved.values.isEmpty { return }
                                let received = DispatchSemaphore(value: 0)
                                let subscription = shared.subscribe(onNext: { _ in received.signal() })
                                let gotOne = received.wait(timeout: .now() + 5) == .success
                                subscription.dispose()
                                rounds.increment()
                                if !gotOne { starved.append("thread \(lane), round \(round)") }
                            }
                        }
                    })
                return (finished, starved.values, rounds.value)
            }
            #expect(outcome.0, "\(flavour.label)")
            #expect(outcome.1 == [], "\(flavour.label): starved, of \(outcome.2) subscriptions")
            #expect(scope.total == 0, "\(flavour.label)")
        }
    }
}
