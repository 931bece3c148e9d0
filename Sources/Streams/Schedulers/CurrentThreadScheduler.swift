#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs work on the current thread through a trampoline: the outermost `schedule` runs its
/// action at once, and work scheduled while it runs is queued and run, in order, after it.
///
/// This turns recursive scheduling into a loop, so deep recursion cannot overflow the stack.
public struct CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    /// `true` when the calling thread is not inside a trampoline (a `schedule` would run at once).
    public static var isScheduleRequired: Bool { Trampoline.current == nil }

    /// Runs `action(state)` now if no trampoline runs on this thread, otherwise queues it.
    public func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        if let trampoline = Trampoline.current {
            let item = TrampolineItem { action(state) }
            trampoline.queue.append(item)
            return item
        }
        let trampoline = Trampoline()
        Trampoline.current = trampoline
        defer { Trampoline.current = nil }
        let disposable = action(state)
        var index = 0
        while index < trampoline.queue.count {
            let item = trampoline.queue[index]
            index += 1
            item.run()
        }
        return disposable
    }
}

/// The per-thread queue of a running trampoline. Only its own thread touches it.
private final class Trampoline {
    var queue: [TrampolineItem] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var current: Trampoline? {
        get {
            guard let raw = pthread_getspecific(key) else { return nil }
            return Unmanaged<Trampoline>.fromOpaque(raw).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<Trampoline>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }
}

// Unchecked Sendable: touched only by its trampoline's thread, except `cancelled`
/// One queued action; disposing it before it runs skips it.
private final class TrampolineItem: Disposable, @unchecked Sendable {
    private let action: () -> any Disposable
    private let cancelled = BooleanDisposable()
    private let result = SingleAssignmentDisposable()

    init(_ action: @escaping () -> any Disposable) { self.action = action }

    func run() {
        guard !cancelled.isDisposed else { return }
        result.setDisposable(action())
    }

    func dispose() {
        cancelled.dispose()
        result.dispose()
    }
}
