/// A scheduler that runs the library's own timer ticks without a generic item, so scheduling a
/// timer costs one allocation (the scheduler's item) and no metadata lookup. The virtual-time
/// scheduler is one; every other scheduler gets ticks through `scheduleRelative`.
///
/// An engine protocol, not a requirement of ``SchedulerType``: the public protocol names nothing
/// of the engine's. A sink asks for it once, when it is made (``TimerScheduler/timerHost(of:)``).
protocol TimerHosting: SchedulerType {
    /// Runs `tick` after `dueTime`; disposing the result cancels it.
    func scheduleTimer(_ tick: TimerTick, after dueTime: RxTimeInterval) -> DisposableNode
}
