// Concurrency: each subscription starts one nonisolated `Task` (never on the subscriber's actor)
// that awaits the operation and then emits from that task, so events are serial by
// construction. The sink is the only shared state: the subscriber may dispose it from any thread
// while the task runs; disposal cancels the task, and the sink drops whatever the task emits
// afterwards.
//
// Cancellation mapping: disposing the subscription cancels the task. Whatever the operation then
// throws (typically `CancellationError`) or returns is dropped, because the subscription is
// already over — the subscriber sees nothing after disposal. A `CancellationError` thrown while
// the subscription is still live (the operation cancelled something of its own) is an ordinary
// error and is delivered as `.error`.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A single that runs `operation` in a new task for each subscription and succeeds with its
    /// result or fails with its error.
    ///
    /// Timing: the task starts when the single is subscribed and runs off the subscriber's actor;
    /// the result is emitted from that task. Disposal cancels the task, and nothing is emitted
    /// afterwards (a `CancellationError` the cancelled operation throws is swallowed).
    public static func create(
        priority: TaskPriority? = nil, operation: @escaping @Sendable () async throws -> Element
    ) -> Single<Element> {
        Single(raw: AsyncOperationObservable(priority: priority, operation: operation))
    }
}

extension Observable {
    /// An observable that runs `operation` in a new task for each subscription, emits its result
    /// and completes, or fails with its error.
    ///
    /// Timing: as ``PrimitiveSequenceType/create(priority:operation:)`` — the task starts on subscription, runs
    /// off the subscriber's actor, and is cancelled by disposal, after which nothing is emitted.
    public static func fromAsync(
        priority: TaskPriority? = nil, _ operation: @escaping @Sendable () async throws -> Element
    ) -> Observable<Element> {
        AsyncOperationObservable(priority: priority, operation: operation)
    }
}

private final class AsyncOperationObservable<Element>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let priority: TaskPriority?
    let operation: @Sendable () async throws -> Element

    init(priority: TaskPriority?, operation: @escaping @Sendable () async throws -> Element) {
        self.priority = priority
        self.operation = operation
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        let operation = self.operation
        let task = Task(priority: priority) {
            do {
                let element = try await operation()
                sink.onNext(element)
                sink.onCompleted()
            } catch {
                sink.onError(error)
            }
        }
        sink.setUpstream(TaskCancellingDisposable(task))
        return sink
    }
}

/// Cancels a task when disposed.
struct TaskCancellingDisposable: Disposable {
    let task: Task<Void, Never>
    init(_ task: Task<Void, Never>) { self.task = task }
    func dispose() { task.cancel() }
}
