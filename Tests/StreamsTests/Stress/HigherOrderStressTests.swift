import Foundation
import Streams
import Testing

/// `flatMap` and `flatMapLatest` whose outer source and inner sources emit from different
/// dispatch queues at once. Inner producers are counted in a `DispatchGroup`, so the leak check
/// runs only after every producer thread has let go of its observer.
@Suite(.tags(.stress)) struct HigherOrderStressTests {
    private static let outerCount = 200
    private static let innerCount = 20

    /// An inner observable for `outer`: a fresh unbounded replay subject that a global-queue
    /// producer (registered in `producers`) fills with `innerCount` elements and completes, so
    /// every element reaches the inner's subscriber whenever it subscribes.
    private static func inner(_ outer: Int, producers: DispatchGroup) -> Observable<Int> {
        let subject = ReplaySubject<Int>.createUnbound()
        producers.enter()
        DispatchQueue.global().async {
            for index in 0..<innerCount { subject.onNext(outer * 1_000 + index) }
            subject.onCompleted()
            producers.leave()
        }
        return subject.asObservable()
    }

    /// Subscribes `checker` to `flatten` over an outer subject that a producer queue fills with
    /// `outerCount` values (each mapped to `inner`) and completes; waits for the result's
    /// completion and for every inner producer, then disposes. Returns whether all of it finished.
    private static func run(
        into checker: ContractChecker<Int>,
        _ flatten: (Observable<Int>, @escaping @Sendable (Int) -> Observable<Int>) -> Observable<Int>
    ) -> Bool {
        let producers = DispatchGroup()
        let outer = PublishSubject<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = flatten(outer.asObservable()) { inner($0, producers: producers) }
            .do(afterCompleted: { done.signal() }).subscribe(checker)
        let produced = produceOnQueues([
            {
                for value in 0..<outerCount { outer.onNext(value) }
                outer.onCompleted()
            }
        ])
        let drained = waits(for: done) && producers.wait(timeout: .now() + 20) == .success
        subscription.dispose()
        return produced && drained
    }

    @Test func flatMapWithInnersOnOtherQueuesDeliversEveryInnerElement() {
        let checker = ContractChecker<Int>()
        let finished = Self.run(into: checker) { outer, inner in outer.flatMap(inner) }
        let expected = (0..<Self.outerCount).flatMap { outer in (0..<Self.innerCount).map { outer * 1_000 + $0 } }
        #expect(finished)
        #expect(checker.contractViolations == [])
        #expect(checker.receivedElements.count == expected.count)
        #expect(checker.receivedElements.reduce(0, +) == expected.reduce(0, +))
        #expect(Set(checker.receivedElements) == Set(expected))
        // Each inner's own elements stay in order.
        let byInner = Dictionary(grouping: checker.receivedElements, by: { $0 / 1_000 })
        #expect(byInner.values.allSatisfy { $0 == $0.sorted() })
        #expect(checker.terminalEvent == .completed)
    }

    @Test func flatMapLatestWithInnersOnOtherQueuesOnlyForwardsTheLatest() {
        let checker = ContractChecker<Int>()
        let finished = Self.run(into: checker) { outer, inner in outer.flatMapLatest(inner) }
        let received = checker.receivedElements
        #expect(finished)
        #expect(checker.contractViolations == [])
        // Once a later inner has delivered, nothing from an earlier one follows.
        #expect(zip(received, received.dropFirst()).allSatisfy { $0 / 1_000 <= $1 / 1_000 })
        #expect(received.count <= Self.outerCount * Self.innerCount)
        // Nothing replaces the last inner, so all of it arrives, then the result completes.
        let last = (Self.outerCount - 1) * 1_000
        #expect(Array(received.suffix(Self.innerCount)) == Array(last..<(last + Self.innerCount)))
        #expect(checker.terminalEvent == .completed)
    }
}
