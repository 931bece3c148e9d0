import Foundation
import Streams
import Testing

/// Disposal racing with emission and with completion, for operators of every kind. After
/// `dispose()` returns nothing more is delivered, the sources are unsubscribed, the contract held
/// and everything is released.
@Suite(.tags(.stress)) struct DisposalRaceStressTests {
    typealias Chain = @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Int>

    private static let chains: [(name: String, build: Chain)] = [
        ("map", { first, _ in first.map { $0 * 2 } }),
        ("filter+scan", { first, _ in first.filter { $0 % 2 == 0 }.scan(0, accumulator: +) }),
        ("take", { first, _ in first.take(150) }),
        ("distinctUntilChanged", { first, _ in first.distinctUntilChanged() }),
        ("startWith", { first, _ in first.startWith(-1) }),
        ("merge", { first, second in Observable.merge([first.asObservable(), second.asObservable()]) }),
        ("concat", { first, second in Observable.concat([first.asObservable(), second.asObservable()]) }),
        ("combineLatest", { first, second in Observable.combineLatest(first, second, resultSelector: +) }),
        ("zip", { first, second in Observable.zip(first, second, resultSelector: +) }),
        ("withLatestFrom", { first, second in first.withLatestFrom(second, resultSelector: +) }),
        ("take(until:)", { first, second in first.take(until: second.filter { $0 > 120 }) }),
        ("flatMap", { first, second in first.flatMap { value in second.take(1).map { $0 + value } } }),
        ("flatMapLatest", { first, second in first.flatMapLatest { value in second.map { $0 + value } } }),
        ("share", { first, _ in first.share() }),
        ("share(replay: 1)", { first, _ in first.share(replay: 1) }),
        ("catch", { first, second in first.catch { _ in second } }),
        ("materialize", { first, _ in first.materialize().map { _ in 0 } }),
    ]

    /// For each chain, `rounds` times: fresh sources, the chain subscribed by a contract checker,
    /// then `race`, which returns what it saw go wrong. Afterwards the sources must be
    /// unsubscribed and the contract held, and once a chain's rounds are over nothing of them may
    /// be left alive.
    private func expectEveryChain(
        rounds: Int, sourceLocation: SourceLocation = #_sourceLocation,
        _ race: (
            _ round: Int, _ first: PublishSubject<Int>, _ second: PublishSubject<Int>,
            _ subscription: any Disposable, _ checker: ContractChecker<Int>
        ) -> [String]
    ) {
        for chain in Self.chains {
            let (scope, violations) = LiveResources.withScope {
                let violations = Recorder<String>()
                for round in 0..<rounds {
                    let first = PublishSubject<Int>()
                    let second = PublishSubject<Int>()
                    let checker = ContractChecker<Int>()
                    let subscription = chain.build(first, second).subscribe(checker)
                    for violation in race(round, first, second, subscription, checker) { violations.append(violation) }
                    if first.hasObservers || second.hasObservers { violations.append("source still subscribed") }
                    for violation in checker.contractViolations { violations.append(violation) }
                }
                return violations.values
            }
            #expect(violations == [], "\(chain.name)", sourceLocation: sourceLocation)
            #expect(scope.total == 0, "\(chain.name)", sourceLocation: sourceLocation)
        }
    }

    @Test func disposalRacingWithEmissionStopsDelivery() {
        expectEveryChain(rounds: 60) { _, first, second, subscription, checker in
            DispatchQueue.concurrentPerform(
                iterations: 2,
                execute: bindingCurrentScope { lane in
                    if lane == 0 {
                        for value in 0..<200 {
                            first.onNext(value)
                            second.onNext(value)
                        }
                    } else {
                        subscription.dispose()
                    }
                })
            let countAtDispose = checker.receivedElements.count
            first.onNext(1_000)
            second.onNext(1_000)
            return checker.receivedElements.count != countAtDispose ? ["delivered after dispose"] : []
        }
    }

    @Test func disposalRacingWithCompletionKeepsTheContract() {
        expectEveryChain(rounds: 100) { round, first, second, subscription, checker in
            first.onNext(round)
            second.onNext(round)
            DispatchQueue.concurrentPerform(
                iterations: 2,
                execute: bindingCurrentScope { lane in
                    if lane == 0 {
                        first.onCompleted()
                        second.onCompleted()
                    } else {
                        subscription.dispose()
                    }
                })
            if let terminal = checker.terminalEvent, terminal != .completed {
                return ["unexpected terminal \(terminal)"]
            }
            return []
        }
    }
}
