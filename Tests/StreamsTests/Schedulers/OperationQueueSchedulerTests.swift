import Foundation
import Streams
import Testing

@Suite(.timeLimit(.minutes(1))) struct OperationQueueSchedulerTests {
    @Test func runsEachActionAsAnOperationOnTheQueue() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        #expect(scheduler.queuePriority == .high)
        let ran = Recorder<String>()
        _ = scheduler.schedule("first") { name in
            ran.append(name)
            return Disposables.create()
        }
        let skipped = scheduler.schedule("skipped") { name in
            ran.append(name)
            return Disposables.create()
        }
        _ = scheduler.schedule("last") { name in
            ran.append(name)
            return Disposables.create()
        }
        skipped.dispose()
        #expect(queue.operationCount == 3)
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        #expect(ran.values == ["first", "last"])
    }

    // The queue runs on a serial dispatch queue of its own. Left to itself, swift-corelibs-foundation
    // runs a queue's operations on a concurrent dispatch queue, whose threads come from the default
    // pool, which has about as many threads as cores and adds none while they compute: a test busy
    // on that pool holds every operation back, and this test, under load, once waited its 20 s with
    // `[1, 2]` delivered. Measured on 2 cores: with four busy work items on the default pool started
    // at the second element, 20 of 20 rounds of 50 elements were still unfinished after 0.5 s (all
    // delivered every element once the pool was free), and 0 of 20 with a serial underlying queue.
    // Nothing was lost in 36,000 unloaded rounds each of 3 and 20 elements, on this scheduler, on
    // a concurrent dispatch queue and on a plain serial one: the sink loses no hop.
    @Test func observeOnAnOperationQueueDeliversEveryElement() throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let underlying = DispatchQueue(label: "OperationQueueSchedulerTests")
        queue.underlyingQueue = underlying  // not retained by the queue
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let done = DispatchSemaphore(value: 0)
        let seen = Recorder<Int>()
        let subscription = Observable.of(1, 2, 3).observe(on: scheduler)
            .subscribe(onNext: { seen.append($0) }, onCompleted: { done.signal() })
        #expect(waits(for: done))
        subscription.dispose()
        #expect(seen.values == [1, 2, 3])
        withExtendedLifetime(underlying) {}
    }

    @Test func observeOnAnOperationQueueLosesNoHopOverManyRounds() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let underlying = DispatchQueue(label: "OperationQueueSchedulerTests")
        queue.underlyingQueue = underlying  // not retained by the queue
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        var unfinished = 0
        for _ in 0..<300 {
            let done = DispatchSemaphore(value: 0)
            let seen = Recorder<Int>()
            let subscription = Observable.from(Array(1...10)).observe(on: scheduler)
                .subscribe(onNext: { seen.append($0) }, onCompleted: { done.signal() })
            if !waits(for: done, seconds: 5) || seen.values != Array(1...10) { unfinished += 1 }
            subscription.dispose()
        }
        #expect(unfinished == 0)
        withExtendedLifetime(underlying) {}
    }
}
