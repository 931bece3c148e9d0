import Dispatch
import Foundation
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct ObserveOnTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func eachEventTakesOneHop() {
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 2), .next(221, 3), .completed(301)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func aBurstIsDeliveredInOrderOneHopAtATime() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1), .next(212, 2), .completed(213)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func errorsHopToo() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1), .error(221, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func nothingIsDeliveredAfterDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(214, 2)])
        let res = scheduler.start(disposed: 215) { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test func releasesEverything() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
        _ = scheduler.start { xs.observe(on: scheduler) }
        _ = scheduler.start(created: 100, subscribed: 200, disposed: 211) { xs.observe(on: scheduler) }
    }

    @Test(arguments: [false, true])
    func realQueueDeliversInOrderOnTheScheduler(concurrent: Bool) async {
        let key = DispatchSpecificKey<Int>()
        let queue = DispatchQueue(label: "observe-on-test", attributes: concurrent ? .concurrent : [])
        queue.setSpecific(key: key, value: 7)
        let scheduler: any ImmediateSchedulerType =
            concurrent
            ? ConcurrentDispatchQueueScheduler(queue: queue) : SerialDispatchQueueScheduler(serialQueue: queue)
        let received = Log()
        let subject = PublishSubject<Int>()
        let count = 5_000
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let subscription = subject.observe(on: scheduler).subscribe(
                onNext: { value in
                    received.append(DispatchQueue.getSpecific(key: key) == 7 ? "\(value)" : "off-queue \(value)")
                },
                onCompleted: { continuation.resume() })
            DispatchQueue.global().async {
                for value in 0..<count { subject.onNext(value) }
                subject.onCompleted()
            }
            _ = subscription
        }
        #expect(received.items == (0..<count).map { "\($0)" })
    }
}
