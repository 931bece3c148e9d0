import Dispatch
import Foundation

// Unchecked Sendable: immutable; `enqueued` is a locked cell
/// Runs work on the main queue.
///
/// ``instance`` runs an action at once when called on the main thread with nothing of its own
/// queued (as RxSwift does), otherwise asynchronously; ``asyncInstance`` always goes through the
/// queue. In a command-line tool the main queue runs only after `dispatchMain()` (or inside an
/// async `main`).
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    private let alwaysAsync: Bool
    /// Actions handed to the main queue and not finished yet.
    private let enqueued = LockedCell(0)

    private init(alwaysAsync: Bool) {
        self.alwaysAsync = alwaysAsync
        super.init(serialQueue: DispatchQueue.main)
    }

    /// Runs at once on the main thread when possible, otherwise on the main queue.
    public static let instance = MainScheduler(alwaysAsync: false)

    /// Always runs asynchronously on the main queue.
    public static let asyncInstance = MainScheduler(alwaysAsync: true)

    /// `true` on the main thread.
    public static var isMainThread: Bool { Thread.isMainThread }

    /// Traps unless called on the main thread.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        precondition(
            Thread.isMainThread, errorMessage ?? "Running on a background thread; the main thread was required.")
    }

    override func scheduleInternal<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
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
}
