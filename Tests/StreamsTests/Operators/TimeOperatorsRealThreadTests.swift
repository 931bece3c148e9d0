import Dispatch
import Foundation
import Streams
import Testing

/// Checks the observer contract on real threads: calls never overlap, nothing follows the
/// terminal event, and elements stay in order.
final class ContractProbe: @unchecked Sendable {  // `elements`/`violations` guarded by `lock`; `inside` is locked
    private let lock = NSLock()
    private let inside = Locked<Int>(0)
    private var elements: [Int] = []
    private var violations: [String] = []
    private var terminated = false

    func enter() {
        let overlapping = inside.withLock { count in
            defer { count += 1 }
            return count != 0
        }
        if overlapping { lock.withLock { violations.append("overlapping call") } }
    }

    func leave() { inside.withLock { $0 -= 1 } }

    func record(_ value: Int) {
        enter()
        defer { leave() }
        lock.withLock {
            if terminated { violations.append("element after completion") }
            if let last = elements.last, last >= value { violations.append("out of order \(last) \(value)") }
            elements.append(value)
        }
    }

    func complete() {
        enter()
        defer { leave() }
        lock.withLock { terminated = true }
    }

    var result: (elements: [Int], violations: [String]) { lock.withLock { (elements, violations) } }
}

@Suite struct TimeOperatorsRealThreadTests {
    private func drive(_ operate: (Observable<Int>) -> Observable<Int>) async -> ContractProbe {
        let probe = ContractProbe()
        let subject = PublishSubject<Int>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let subscription = operate(subject.asObservable()).subscribe(
                onNext: { probe.record($0) },
                onCompleted: {
                    probe.complete()
                    continuation.resume()
                })
            DispatchQueue.global().async {
                for value in 0..<2_000 { subject.onNext(value) }
                subject.onCompleted()
            }
            _ = subscription
        }
        return probe
    }

    @Test func debounceKeepsTheContractWithARealTimer() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let probe = await drive { $0.debounce(.microseconds(50), scheduler: scheduler) }
        let (elements, violations) = probe.result
        #expect(violations == [])
        #expect(elements.last == 1_999)
    }

    @Test func throttleKeepsTheContractWithARealTimer() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let probe = await drive { $0.throttle(.microseconds(50), latest: true, scheduler: scheduler) }
        let (elements, violations) = probe.result
        #expect(violations == [])
        #expect(elements.first == 0)
        #expect(elements.last == 1_999)
    }

    /// The completion waits for the timer that holds the last element, so 1 999 is always emitted.
    @Test func auditKeepsTheContractWithARealTimer() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let probe = await drive { $0.audit(.microseconds(50), scheduler: scheduler) }
        let (elements, violations) = probe.result
        #expect(violations == [])
        #expect(elements.last == 1_999)
    }

    /// `interval` on a concurrent queue, with the real clock: GCD runs a timer's handler on
    /// whichever worker thread is free, so consecutive ticks may run on different threads, and
    /// each must see the count the previous one left. ThreadSanitizer reported a race on that
    /// count (`TimerSink`'s value) in 1 of 840 runs: only when two consecutive ticks ran on
    /// different threads, which is GCD's choice (on Linux its pool adds a worker only when fewer
    /// are runnable than there are CPUs, so alone on a quiet machine the ticks mostly share one
    /// thread; under the suite's load they move). `PeriodicState` now orders each tick after the
    /// previous one through the engine's lock, whichever threads they run on; run this test under
    /// `--sanitize=thread` to exercise it. Generous bounds: the test only has to finish, with
    /// every value once, in order, and no overlapping calls.
    @Test func intervalOnAConcurrentQueueCountsEveryTickOnce() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let ticks = 100
        let probe = ContractProbe()
        let done = DispatchSemaphore(value: 0)
        let subscription = Observable<Int>.interval(.milliseconds(1), scheduler: scheduler)
            .take(ticks)
            .subscribe(
                onNext: { probe.record($0) },
                onCompleted: {
                    probe.complete()
                    done.signal()
                })
        #expect(waits(for: done))
        subscription.dispose()
        let (elements, violations) = probe.result
        #expect(violations == [])
        #expect(elements == Array(0..<ticks))
    }

    @Test func delayKeepsOrderWithARealTimer() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let probe = await drive { $0.delay(.microseconds(50), scheduler: scheduler) }
        let (elements, violations) = probe.result
        #expect(violations == [])
        #expect(elements == Array(0..<2_000))
    }
}
