import Foundation
import Streams
import Testing

/// `observe(on:)` hopping events from several producer threads onto one scheduler. The queues
/// are the test's own, so it can drain them (`sync`, or a barrier for a concurrent queue) before
/// checking that everything was released.
@Suite(.tags(.stress), .leakChecked) struct ObserveOnStressTests {
    private static let sends = 20_000
    private static let lanes = 4

    private func expectEverythingDelivered(_ checker: ContractChecker<Int>) {
        let received = checker.receivedElements
        #expect(checker.contractViolations == [])
        #expect(received.count == Self.sends)
        #expect(Set(received) == Set(0..<Self.sends))
        // `runConcurrently` gives lane k the indices k, k + lanes, …, in order; each lane's order survives.
        let byLane = Dictionary(grouping: received, by: { $0 % Self.lanes })
        #expect(byLane.values.allSatisfy { $0 == $0.sorted() })
        #expect(checker.terminalEvent == .completed)
    }

    /// Sends `sends` elements into `observe(on: scheduler)` from `lanes` threads and completes,
    /// waits for the completion, runs `drain` (the teardown after the terminal event runs on the
    /// scheduler's queue), disposes, and expects everything delivered within the contract.
    private func expectDelivery(on scheduler: some ImmediateSchedulerType, drain: () -> Void) {
        let checker = ContractChecker<Int>()
        let subject = PublishSubject<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = subject.observe(on: scheduler).do(afterCompleted: { done.signal() }).subscribe(checker)
        runConcurrently(threads: Self.lanes, iterations: Self.sends) { subject.onNext($0) }
        subject.onCompleted()
        let finished = waits(for: done)
        drain()
        subscription.dispose()
        #expect(finished)
        expectEverythingDelivered(checker)
    }

    @Test func observeOnASerialQueueFromSeveralProducerThreads() {
        let queue = DispatchQueue(label: "stress.observeOn.serial")
        expectDelivery(on: SerialDispatchQueueScheduler(serialQueue: queue)) { queue.sync {} }
    }

    @Test func observeOnAConcurrentQueueStillSerializesDelivery() {
        let queue = DispatchQueue(label: "stress.observeOn.concurrent", attributes: .concurrent)
        expectDelivery(on: ConcurrentDispatchQueueScheduler(queue: queue)) { queue.sync(flags: .barrier) {} }
    }

    @Test func disposalRacingWithHopsStopsDelivery() {
        let queue = DispatchQueue(label: "stress.observeOn.dispose")
        let violations = Recorder<String>()
        for _ in 0..<100 {
            let subject = PublishSubject<Int>()
            let checker = ContractChecker<Int>()
            let subscription = subject.observe(on: SerialDispatchQueueScheduler(serialQueue: queue))
                .subscribe(checker)
            DispatchQueue.concurrentPerform(
                iterations: 3,
                execute: bindingCurrentScope { lane in
                    if lane < 2 {
                        for value in 0..<200 { subject.onNext(value) }
                    } else {
                        subscription.dispose()
                    }
                })
            queue.sync {}  // a delivery already running when dispose() returned may finish
            let countAfterDispose = checker.receivedElements.count
            subject.onNext(1_000)
            queue.sync {}
            if checker.receivedElements.count != countAfterDispose { violations.append("delivered after dispose") }
            if subject.hasObservers { violations.append("source still subscribed") }
            for violation in checker.contractViolations { violations.append(violation) }
        }
        queue.sync {}
        #expect(violations.values == [])
    }
}
