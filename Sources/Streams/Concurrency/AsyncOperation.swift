// Concurrency: each subscription starts one nonisolated `Task` (never on the subscriber's actor)
// that awaits the operation and then emits from that task, so events are serial by
// construction. A subscription made while a virtual-time scheduler runs work starts the task on
// that scheduler (VirtualTimeExecutor.swift), so it runs in virtual time on the scheduler's
// thread. The sink is the only shared state: the subscriber may dispose it from any thread while
// the task runs; disposal cancels the task, and the sink drops whatever the task emits afterwards.
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
    /// afterwards (a `CancellationError` the cancelled operation throws is swallowed). Subscribed
    /// while a virtual-time scheduler runs work (inside `TestScheduler.start`), the task runs its
    /// jobs on that scheduler, in virtual time (see ``VirtualClock``).
    public static func create(
        priority: TaskPriority? = nil, operation: @escaping @Sendable () async throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Element> {
        Single(
            raw: TaskObservable(priority: priority, body: emitting(operation)).inspected(
                as: "create", file: file, line: line))
    }
}

extension Observable {
    /// An observable that runs `operation` in a new task for each subscription, emits its result
    /// and completes, or fails with its error.
    ///
    /// Timing: as ``PrimitiveSequenceType/create(priority:operation:file:line:)`` — the task starts on subscription, runs
    /// off the subscriber's actor, and is cancelled by disposal, after which nothing is emitted;
    /// subscribed while a virtual-time scheduler runs work, it runs in virtual time.
    public static func fromAsync(
        priority: TaskPriority? = nil, _ operation: @escaping @Sendable () async throws -> Element,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        TaskObservable(priority: priority, body: emitting(operation)).inspected(as: "fromAsync", file: file, line: line)
    }
}

/// An observable whose every subscription runs `body` in a new nonisolated task, emitting to the
/// sink from there; an error `body` throws fails the sink. Disposal cancels the task.
final class TaskObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let priority: TaskPriority?
    let body: @Sendable (PassThroughSink<Element>) async throws -> Void

    init(priority: TaskPriority?, body: @escaping @Sendable (PassThroughSink<Element>) async throws -> Void) {
        self.priority = priority
        self.body = body
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        let body = self.body
        let task = startBridgeTask(priority: priority) {
            do {
                try await body(sink)
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

/// Runs `operation` in a subscription's task: emits its result and completes.
private func emitting<Element>(
    _ operation: @escaping @Sendable () async throws -> Element
) -> @Sendable (PassThroughSink<Element>) async throws -> Void {
    { sink in
        let element = try await operation()
        sink.onNext(element)
        sink.onCompleted()
    }
}
