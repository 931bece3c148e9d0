import CStreamsEngine

/// Work a ``Trampoline`` runs: a scheduled item of `CurrentThreadScheduler`, or a source's next
/// step (a `from` sink emitting its next element).
protocol TrampolineTask: AnyObject {
    /// Runs the task on the trampoline's thread; returns `true` to be queued again, behind what
    /// waits (a source yielding its turn), which moves the trampoline's reference instead of
    /// releasing and retaining it.
    func runOnTrampoline() -> Bool
}

/// The current-thread trampoline: RxSwift's scheduling of cold sources and subscriptions.
///
/// The outermost subscription on a thread (and `CurrentThreadScheduler.schedule` called outside
/// one) installs a trampoline, runs its work, then runs what was queued meanwhile, in order,
/// before returning. Inside it, a source that emits through the trampoline (`from`, `of`, `range`,
/// `repeatElement`, `generate`) queues its steps instead of looping, so several cold sources
/// composed synchronously take turns exactly as in RxSwift — and recursive scheduling becomes a
/// loop that cannot overflow the stack.
///
/// States: absent (no trampoline on this thread: work runs at once and installs one); running
/// (work queued here runs after the current task, first in, first out). Only its own thread
/// touches it; it lives in a thread-local slot, unretained, for exactly the duration of ``run(_:)``.
final class Trampoline {
    @exclusivity(unchecked) private var queue = OutputQueue<any TrampolineTask>()  // one thread only

    deinit { queue.destroy() }

    /// The trampoline running on this thread, if any.
    @inline(__always)
    static var current: Trampoline? {
        guard let pointer = streams_trampoline_get() else { return nil }
        return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The trampoline running on this thread, unretained.
    @inline(__always)
    static var currentUnowned: Unmanaged<Trampoline>? {
        streams_trampoline_get().map { Unmanaged<Trampoline>.fromOpaque($0) }
    }

    /// `true` if no trampoline runs on this thread (so ``run(_:)`` would install one).
    @inline(__always)
    static var isInstallRequired: Bool { streams_trampoline_get() == nil }

    /// Runs `body` inside this thread's trampoline, installing one (and draining it before
    /// returning) if none runs.
    @inline(__always)
    static func run<Result>(_ body: () -> Result) -> Result {
        if !isInstallRequired { return body() }
        return install(body)
    }

    @inline(never)
    private static func install<Result>(_ body: () -> Result) -> Result {
        let trampoline = Trampoline()
        streams_trampoline_set(Unmanaged.passUnretained(trampoline).toOpaque())
        defer { streams_trampoline_set(nil) }
        let result = body()
        trampoline.drain()
        return withExtendedLifetime(trampoline) { result }
    }

    /// Queues `task` behind the work already queued.
    func enqueue(_ task: any TrampolineTask) { queue.append(task) }

    /// `true` if other work waits: a stepping source yields its turn only then.
    @inline(__always)
    var hasQueuedWork: Bool { !queue.isEmpty }

    private func drain() {
        while !queue.isEmpty {
            let task = queue.removeFirst()
            if task.runOnTrampoline() { queue.append(task) }
        }
    }
}
