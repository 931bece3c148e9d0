import Foundation
import Streams
import Testing

/// `merge`, `combineLatest`, `zip` and `withLatestFrom` with each source fed from its own dispatch
/// queue at the same time. The chain is built and subscribed inside the suite's leak check
/// (`.leakChecked`), and the producers keep its scope (`produceOnQueues`), so the check covers
/// everything the run creates.
@Suite(.tags(.stress), .leakChecked) struct MultiSourceStressTests {
    private static let count = 5_000

    /// A producer for `produceOnQueues`: sends `values` into `source` in order, then completes it.
    private static func sending(
        _ values: some Sequence<Int> & Sendable, into source: PublishSubject<Int>
    ) -> @Sendable () -> Void {
        {
            for value in values { source.onNext(value) }
            source.onCompleted()
        }
    }

    /// Runs `producers` on their own queues, then disposes `subscription`; expects every producer to
    /// have finished, `checker` to have seen no contract violation and the run to have completed, and
    /// returns the elements `checker` received.
    private static func received<Element: Equatable & Sendable>(
        by checker: ContractChecker<Element>, producing producers: [@Sendable () -> Void],
        through subscription: any Disposable, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Element] {
        let finished = produceOnQueues(producers)
        subscription.dispose()
        #expect(finished, sourceLocation: sourceLocation)
        #expect(checker.contractViolations == [], sourceLocation: sourceLocation)
        #expect(checker.terminalEvent == .completed, sourceLocation: sourceLocation)
        return checker.receivedElements
    }

    @Test func mergeOfSourcesOnDifferentQueuesDeliversEverythingSerialized() {
        let checker = ContractChecker<Int>()
        let sources = (0..<3).map { _ in PublishSubject<Int>() }
        let subscription = Observable.merge(sources.map { $0.asObservable() }).subscribe(checker)
        let received = Self.received(
            by: checker,
            producing: sources.enumerated().map { lane, source in
                Self.sending((0..<Self.count).map { lane * Self.count + $0 }, into: source)
            }, through: subscription)
        #expect(received.count == 3 * Self.count)
        #expect(Set(received) == Set(0..<(3 * Self.count)))
    }

    @Test func combineLatestOfSourcesOnDifferentQueuesEmitsOncePerElement() {
        let checker = ContractChecker<[Int]>()
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let subscription = Observable.combineLatest(left, right) { [$0, $1] }.subscribe(checker)
        left.onNext(0)
        right.onNext(0)
        let received = Self.received(
            by: checker, producing: [left, right].map { Self.sending(1...Self.count, into: $0) },
            through: subscription)
        // One combination for the seed pair, then exactly one per element of either side.
        #expect(received.count == 1 + 2 * Self.count)
        #expect(received.first == [0, 0])
        #expect(received.last == [Self.count, Self.count])
        // Each side's latest value never goes back.
        #expect(zip(received, received.dropFirst()).allSatisfy { $0[0] <= $1[0] && $0[1] <= $1[1] })
    }

    @Test func zipOfSourcesOnDifferentQueuesPairsByIndex() {
        let checker = ContractChecker<[Int]>()
        let sources = (0..<3).map { _ in PublishSubject<Int>() }
        let subscription = Observable.zip(sources[0], sources[1], sources[2]) { [$0, $1, $2] }
            .subscribe(checker)
        let received = Self.received(
            by: checker,
            producing: sources.enumerated().map { lane, source in
                Self.sending((0..<Self.count).map { $0 * 10 + lane }, into: source)
            }, through: subscription)
        #expect(received == (0..<Self.count).map { [$0 * 10, $0 * 10 + 1, $0 * 10 + 2] })
    }

    @Test func withLatestFromWithSourcesOnDifferentQueuesEmitsOncePerFirstElement() {
        let checker = ContractChecker<[Int]>()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let subscription = first.withLatestFrom(second) { [$0, $1] }.subscribe(checker)
        second.onNext(0)
        let received = Self.received(
            by: checker, producing: [first, second].map { Self.sending(1...Self.count, into: $0) },
            through: subscription)
        #expect(received.map { $0[0] } == Array(1...Self.count))
        #expect(zip(received, received.dropFirst()).allSatisfy { $0[1] <= $1[1] })
        #expect(received.allSatisfy { (0...Self.count).contains($0[1]) })
    }
}
