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
