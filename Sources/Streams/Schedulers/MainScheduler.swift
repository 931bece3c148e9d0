import Dispatch
import Foundation

// Unchecked Sendable: immutable; `enqueued` is a locked cell
/// Runs work on the main queue.
///
/// ``instance`` runs an action at once when called on the main thread with nothing of its own
/// queued (as RxSwift does), otherwise asynchronously; ``asyncInstance`` always goes through the
/// queue. In a command-line tool the main queue runs only after `dispatchMain()` (or inside an
/// async `main`).
///
/// Inside `SharingScheduler.mock(scheduler:action:)`, ``instance`` and ``asyncInstance`` are
/// stand-ins for the mocked scheduler: everything scheduled on them (an operator's timer, a
/// hop, a direct `schedule` call) runs on the scheduler the test gave, in its virtual time, and
/// ``SchedulerType/now`` is its clock. An operator keeps the scheduler it was given when the
/// chain is built, so a chain built inside a mock stays virtual whatever thread feeds it later,
/// and one built outside stays on the main queue.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    private let alwaysAsync: Bool
    /// Actions handed to the main queue and not finished yet.
    private let enqueued = LockedCell(0)
    /// The mocked scheduler this stand-in schedules on (`nil` for the real main schedulers).
    private let mocked: (any SchedulerType)?

    private init(alwaysAsync: Bool) {
        self.alwaysAsync = alwaysAsync
        mocked = nil
        super.init(serialQueue: DispatchQueue.main)
    }

    /// A stand-in for `scheduler` inside a `SharingScheduler` mock.
    init(standingFor scheduler: any SchedulerType, alwaysAsync: Bool) {
        self.alwaysAsync = alwaysAsync
        mocked = scheduler
        super.init(serialQueue: DispatchQueue.main)
    }

    private static let shared = MainScheduler(alwaysAsync: false)
    private static let sharedAsync = MainScheduler(alwaysAsync: true)

    /// ``instance`` outside any mock, without reading the task-local mock.
    static var unmocked: MainScheduler { shared }

    /// Runs at once on the main thread when possible, otherwise on the main queue.
    ///
    /// Inside `SharingScheduler.mock(scheduler:action:)`, the stand-in for the mocked scheduler
    /// (the same object for the whole mock): work scheduled on it runs in the test's time.
    public static var instance: MainScheduler { SharingScheduler.currentMock?.main ?? shared }

    /// Always runs asynchronously on the main queue.
    ///
    /// Inside `SharingScheduler.mock(scheduler:action:)`, the stand-in for the mocked scheduler,
    /// as for ``instance``.
    public static var asyncInstance: MainScheduler { SharingScheduler.currentMock?.asyncMain ?? sharedAsync }

    /// `true` on the main thread.
    public static var isMainThread: Bool { Thread.isMainThread }

    /// Traps unless called on the main thread.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        precondition(
            Thread.isMainThread, errorMessage ?? "Running on a background thread; the main thread was required.")
    }

    /// The wall-clock time; inside a mock, the mocked scheduler's time.
    public override var now: RxTime { mocked?.now ?? Date() }

    override func scheduleInternal<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        if let mocked { return mocked.schedule(state, action: action) }
        let previous = enqueued.update { count in
            defer { count += 1 }
            return count
        }
        if !alwaysAsync && Thread.isMainThread && previous == 0 {
            let disposable = action(state)
            enqueued.update { $0 -= 1 }
            return disposable
        }
        let cancel = SingleAssignmentDisposable()
        DispatchQueue.main.async {
            if !cancel.isDisposed { cancel.setDisposable(action(state)) }
            self.enqueued.update { $0 -= 1 }
        }
        return cancel
    }

    /// Runs `action(state)` on the main queue after `dueTime`; inside a mock, on the mocked
    /// scheduler.
    public override func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        if let mocked { return mocked.scheduleRelative(state, dueTime: dueTime, action: action) }
        return super.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter`, then every `period`; inside a mock,
    /// on the mocked scheduler.
    public override func schedulePeriodic<StateType: Sendable>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping @Sendable (StateType) -> StateType
    ) -> any Disposable {
        if let mocked { return mocked.schedulePeriodic(state, startAfter: startAfter, period: period, action: action) }
        return super.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }

    /// Implementation detail of Streams: a library timer, on the mocked scheduler inside a mock.
    override func scheduleTimer(_ tick: TimerTick, after dueTime: RxTimeInterval) -> DisposableNode {
        guard let mocked else { return super.scheduleTimer(tick, after: dueTime) }
        guard let host = TimerScheduler.timerHost(of: mocked) else {
            return TimerScheduler.scheduleRelative(tick, dueTime, on: mocked)
        }
        return host.scheduleTimer(tick, after: dueTime)
    }

    /// Implementation detail of Streams: whether the mocked scheduler makes `interval` no time at
    /// all (the main queue never does).
    override func roundsToZero(_ interval: RxTimeInterval) -> Bool {
        guard let mocked, let host = TimerScheduler.timerHost(of: mocked) else { return false }
        return host.roundsToZero(interval)
    }

    /// Implementation detail of Streams: reports for the mocked scheduler.
    override func reportIfRoundedToZero(_ interval: RxTimeInterval, by timer: DisposableNode) {
        guard let mocked, let host = TimerScheduler.timerHost(of: mocked) else { return }
        host.reportIfRoundedToZero(interval, by: timer)
    }
}
