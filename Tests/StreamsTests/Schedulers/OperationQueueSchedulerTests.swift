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

    @Test func observeOnAnOperationQueueDeliversEveryElement() throws {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let done = DispatchSemaphore(value: 0)
        let seen = Recorder<Int>()
        let subscription = Observable.of(1, 2, 3).observe(on: scheduler)
            .subscribe(onNext: { seen.append($0) }, onCompleted: { done.signal() })
        #expect(waits(for: done))
        subscription.dispose()
        #expect(seen.values == [1, 2, 3])
    }
}
