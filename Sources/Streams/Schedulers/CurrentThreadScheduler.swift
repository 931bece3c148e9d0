/// Runs work on the current thread through a trampoline: the outermost `schedule` runs its
/// action at once, and work scheduled while it runs is queued and run, in order, after it.
///
/// This is RxSwift's default scheduler for cold sources (`from`, `of`, `range`, …) and for
/// subscriptions: the outermost subscription on a thread installs the trampoline, and sources
/// subscribed inside it take turns on it. It turns recursive scheduling into a loop, so deep
/// recursion cannot overflow the stack.
public struct CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    /// `true` when the calling thread is not inside a trampoline (a `schedule` would run at once).
    public static var isScheduleRequired: Bool { Trampoline.isInstallRequired }

    /// Runs `action(state)` now if no trampoline runs on this thread (installing one, and running
    /// what the action queues before returning), otherwise queues it behind the queued work.
    /// Disposing the result before a queued action runs skips it.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        if let trampoline = Trampoline.current {
            let item = TrampolineItem { action(state) }
            trampoline.enqueue(item)
            return item
        }
        return Trampoline.run { action(state) }
    }
}

/// One queued action of ``CurrentThreadScheduler``; disposing it before it runs skips it.
private final class TrampolineItem: TrampolineTask, Disposable, @unchecked Sendable {  // see below
    // `action` is touched only by the trampoline's thread; `cancelled` and `result` are
    // thread-safe disposables.
    private let action: () -> any Disposable
    private let cancelled = BooleanDisposable()
    private let result = SingleAssignmentDisposable()

    init(_ action: @escaping () -> any Disposable) { self.action = action }

    func runOnTrampoline() -> Bool {
        if !cancelled.isDisposed { result.setDisposable(action()) }
        return false
    }

    func dispose() {
        cancelled.dispose()
        result.dispose()
    }
}
