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

    @Test func delayKeepsOrderWithARealTimer() async {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let probe = await drive { $0.delay(.microseconds(50), scheduler: scheduler) }
        let (elements, violations) = probe.result
        #expect(violations == [])
        #expect(elements == Array(0..<2_000))
    }
}
