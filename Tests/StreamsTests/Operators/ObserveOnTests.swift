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

    /// Sends 1 and 2 while `queue` is held, then schedules work on it: RxSwift schedules one
    /// dispatch per event on a serial dispatch queue, so that work sees both elements delivered.
    /// Returns what the work saw, or `nil` if the queue did not run it in time.
    private func elementsSeenByWorkScheduledAfterTwoElements(
        on queue: DispatchQueue, subscribe: (PublishSubject<Int>, Recorder<Int>) -> any Disposable
    ) -> [Int]? {
        guard !Thread.isMainThread else { return nil }  // it blocks waiting for the queue
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = subscribe(subject, received)
        defer { subscription.dispose() }
        let gate = DispatchSemaphore(value: 0)
        // Holds the queue so that nothing it runs races with the sends below.
        queue.async { _ = gate.wait(timeout: .now() + 20) }
        subject.onNext(1)
        subject.onNext(2)
        let seen = Recorder<[Int]>()
        let done = DispatchSemaphore(value: 0)
        queue.async {
            seen.append(received.values)
            done.signal()
        }
        gate.signal()
        return waits(for: done) ? seen.values.first : nil
    }

    @Test func aSerialQueueGetsOneDispatchPerEventWhenTheEventArrives() {
        let queue = DispatchQueue(label: "observe-on.serial-order")
        let seen = elementsSeenByWorkScheduledAfterTwoElements(on: queue) { subject, received in
            subject.observe(on: SerialDispatchQueueScheduler(serialQueue: queue))
                .subscribe(onNext: { received.append($0) })
        }
        #expect(seen == [1, 2])
    }

    @Test(arguments: [false, true])
    func theMainQueueGetsOneDispatchPerEventWhenTheEventArrives(alwaysAsync: Bool) {
        // Off the main thread both instances dispatch asynchronously; `MainActorObservable`'s path.
        let scheduler = alwaysAsync ? MainScheduler.asyncInstance : MainScheduler.instance
        let seen = elementsSeenByWorkScheduledAfterTwoElements(on: .main) { subject, received in
            subject.observe(on: scheduler)
                .subscribe(AnyObserver { event in if case .next(let value) = event { received.append(value) } })
        }
        #expect(seen == [1, 2])
    }

    @Test func disposalOnASerialQueueStopsTheDispatchesStillQueued() {
        let queue = DispatchQueue(label: "observe-on.serial-dispose")
        let (scope, outcome) = LiveResources.withScope { () -> (received: [Int], finished: Bool, subscribed: Bool) in
            let subject = PublishSubject<Int>()
            let received = Recorder<Int>()
            let deliveringOne = DispatchSemaphore(value: 0)
            let disposed = DispatchSemaphore(value: 0)
            let subscription = subject.observe(on: SerialDispatchQueueScheduler(serialQueue: queue))
                .subscribe(onNext: { value in
                    received.append(value)
                    guard value == 1 else { return }
                    // Disposal happens while 1 is being delivered and 2 and 3 are queued.
                    deliveringOne.signal()
                    _ = disposed.wait(timeout: .now() + 20)
                })
            let gate = DispatchSemaphore(value: 0)
            queue.async { _ = gate.wait(timeout: .now() + 20) }
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            gate.signal()
            var finished = waits(for: deliveringOne)
            subscription.dispose()
            let receivedAtDisposal = received.values
            disposed.signal()
            let drained = DispatchSemaphore(value: 0)
            queue.async { drained.signal() }  // after every dispatch the sends scheduled
            finished = waits(for: drained) && finished
            #expect(receivedAtDisposal == [1])
            return (received.values, finished, subject.hasObservers)
        }
        #expect(outcome.finished)
        #expect(outcome.received == [1])
        #expect(!outcome.subscribed)
        #expect(scope.total == 0)
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
