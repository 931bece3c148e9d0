import Foundation

/// Runs work as operations on an `OperationQueue`, at a queue priority (RxSwift's
/// `OperationQueueScheduler`).
///
/// Timing: each action is added to the queue as one operation and runs when the queue starts
/// it; disposing the returned disposable before then skips the action, and disposing it after
/// disposes what the action returned. Whether actions run concurrently is the queue's
/// `maxConcurrentOperationCount`.
///
/// On Linux, swift-corelibs-foundation runs a queue without an `underlyingQueue` on a concurrent
/// dispatch queue whose threads come from the default pool, which has about as many threads as
/// cores and adds none while they compute: busy work on that pool holds the queue's operations
/// back until it ends (measured: 20 of 20 chains of hops stalled behind four busy work items,
/// none lost). Give the queue a serial `underlyingQueue` of its own to avoid that (the queue does
/// not retain it: keep it alive as long as the queue).
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {  // immutable after init
    /// The queue that runs the work.
    public let operationQueue: OperationQueue
    /// The priority of every operation added.
    public let queuePriority: Operation.QueuePriority

    /// Runs work on `operationQueue` with `queuePriority`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation running `action(state)` to the queue.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        let cancel = SingleAssignmentDisposable()
        let operation = BlockOperation {
            if cancel.isDisposed { return }
            cancel.setDisposable(action(state))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return cancel
    }
}
