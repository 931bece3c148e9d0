/// A scheduler that runs the library's own timer ticks without a generic item, so scheduling a
/// timer costs one allocation (the scheduler's item) and no metadata lookup. The virtual-time
/// scheduler is one; every other scheduler gets ticks through `scheduleRelative`.
///
/// An engine protocol, not a requirement of ``SchedulerType``: the public protocol names nothing
/// of the engine's. A sink asks for it once, when it is made (``TimerScheduler/timerHost(of:)``).
/// Class-bound, so a sink keeps it in two words and copies it with one retain.
///
/// Scheduling a tick checks nothing: whether an operator's interval rounds to no time at all on
/// this scheduler (``roundsToZero(_:)``) is asked once per sink, and only a sink whose interval
/// does reports its timers (``reportIfRoundedToZero(_:by:)``).
protocol TimerHosting: AnyObject, SchedulerType {
    /// Runs `tick` after `dueTime`; disposing the result cancels it.
    func scheduleTimer(_ tick: TimerTick, after dueTime: RxTimeInterval) -> DisposableNode

    /// Whether this scheduler makes `interval` no time at all (a virtual clock whose tick is
    /// longer than twice `interval`).
    func roundsToZero(_ interval: RxTimeInterval) -> Bool

    /// Reports (``Hooks/intervalRoundedToZero``, once per operator) that `timer`'s operator asked
    /// for a non-zero `interval` that this scheduler makes no time at all, if it did.
    func reportIfRoundedToZero(_ interval: RxTimeInterval, by timer: DisposableNode)
}
