// Tasks driven by a virtual-time scheduler.
//
// While a virtual-time scheduler runs work (an item, including `TestScheduler.start`'s
// subscription, or a test harness's `runAsWork`), it publishes itself in a thread-local slot
// (`RunningVirtualScheduler`). The async
// bridges (`Observable.fromAsync`, `Single.create(operation:)`, `asObservable()` on an
// `AsyncSequence`) start their task with that scheduler as its task executor: every job of the
// task — its start, and each resumption after a suspension — is queued on the scheduler at the
// current virtual time, behind what is already due then, and runs on the thread that advances the
// scheduler. So a task whose continuation is resumed at tick t (a virtual sleep ending, an
// `AsyncStream` fed by a scheduled event, a cancellation) runs on before the scheduler moves past
// t. `async let` children and task-group children inherit the executor; an unstructured `Task {}`
// created inside does not, and runs on the global pool, outside virtual time.
//
// Concurrency: `enqueue` may be called on any thread (a continuation resumed elsewhere); it only
// inserts an item into the scheduler's locked queue, which runs it at the next advance.

/// What a virtual-time scheduler offers its task executor: running a job at the current virtual
/// time.
protocol VirtualJobHost: AnyObject, Sendable {
    /// Runs `job` at the current virtual time, after the work already due then, not delayed by a
    /// simulated processing delay.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func runJobNow(_ job: VirtualJob)
}

/// A job of a task and the executor it runs on.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct VirtualJob: Sendable {
    let job: UnownedJob
    let executor: VirtualTimeTaskExecutor

    /// Runs the job on the calling thread, with its executor as the task executor.
    func run() { job.runSynchronously(on: executor.asUnownedTaskExecutor()) }
}

extension VirtualTimeScheduler: VirtualJobHost {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func runJobNow(_ job: VirtualJob) {
        // At the current tick exactly: `scheduleAbsoluteVirtual` bypasses `adjustScheduledTime`
        // (TestScheduler's +1 processing delay), and the queue's (tick, order) ordering puts the
        // job behind everything already due at this tick.
        _ = scheduleAbsoluteVirtual(job, time: clock) { job in
            job.run()
            return Disposables.create()
        }
    }
}

extension VirtualTimeScheduler {
    /// Runs `body` on this thread as work of this scheduler at its current virtual time: a task an
    /// async bridge starts in `body` runs its jobs on the scheduler, from its next `advanceTo`.
    ///
    /// For a test harness that feeds a screen from outside a run (`ScreenTestStore` wiring it and
    /// sending its events, each followed by `advanceTo(clock)`), so that what the screen starts
    /// there does not escape to the global pool.
    package func runAsWork<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = RunningVirtualScheduler.enter(self)
        defer { RunningVirtualScheduler.leave(restoring: previous) }
        return try body()
    }
}

/// A task executor that runs every job on a virtual-time scheduler, at the virtual time it
/// becomes runnable.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class VirtualTimeTaskExecutor: TaskExecutor {
    private let host: any VirtualJobHost

    init(_ host: any VirtualJobHost) { self.host = host }

    func enqueue(_ job: consuming ExecutorJob) {
        host.runJobNow(VirtualJob(job: UnownedJob(job), executor: self))
    }
}

/// Starts the task of an async bridge's subscription: on the virtual-time scheduler running work
/// on this thread, if any, otherwise as a plain task of `priority` (on the global pool).
func startBridgeTask(
    priority: TaskPriority?, _ body: @escaping @Sendable () async -> Void
) -> Task<Void, Never> {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
        let host = RunningVirtualScheduler.current as? any VirtualJobHost
    {
        return Task(executorPreference: VirtualTimeTaskExecutor(host), priority: priority, operation: body)
    }
    return Task(priority: priority, operation: body)
}
