// Ticks that cannot surprise: a time operator's interval that a virtual-time scheduler rounds to
// no time at all (300 ms on RxTest's default 1-second ticks) makes the operator not wait, which
// nothing would show. The scheduler reports it once per operator to `Hooks.intervalRoundedToZero`.
// Only library timers are checked, where the tick names its operator: a sink asks `roundsToZero`
// once, for the interval its operator was given, and reports its timers only if that interval
// rounds (`SerializingSink`); a one-shot timer (`timer`, `delaySubscription`) and a periodic one
// (`interval`) are checked when scheduled. Reading the operator's name happens only on a report.

/// The operators a virtual-time scheduler already reported a rounded interval for.
final class RoundedIntervalReports: Sendable {
    private let reported = LockedCell<Set<String>>([])

    /// `true` the first time `name` is given.
    func isFirstReport(of name: String) -> Bool {
        reported.update { $0.insert(name).inserted }
    }
}

extension VirtualTimeScheduler {
    /// Reports `interval`, given by `timer`'s operator, if it is not zero but the converter makes it
    /// no time at all.
    func reportIfRoundedToZero(_ interval: RxTimeInterval, by timer: DisposableNode) {
        if interval.totalNanoseconds > 0, roundsToZero(interval) { reportRoundedToZero(interval, by: timer) }
    }

    /// Reports that `timer`'s operator asked for an interval this scheduler rounds to no time at
    /// all, once per operator: `interval`, which it just scheduled, did, and so does the interval
    /// the operator was given (not merely what remained of it, which Date arithmetic may leave a
    /// few nanoseconds above zero).
    @inline(never)
    func reportRoundedToZero(_ interval: RxTimeInterval, by timer: DisposableNode) {
        var given = interval
        if let configured = timer.timerOperatorInterval {
            guard configured.totalNanoseconds > 0, roundsToZero(configured) else { return }
            given = configured
        }
        let name = timer.timerOperatorName
        guard roundedIntervalReports.isFirstReport(of: name) else { return }
        Hooks.reportIntervalRoundedToZero(roundedToZeroMessage(operator: name, interval: given))
    }

    /// Whether this scheduler makes `interval` no time at all (``TimerHosting``).
    func roundsToZero(_ interval: RxTimeInterval) -> Bool {
        let clock = self.clock
        let due = converter.offsetVirtualTime(clock, offset: converter.convertToVirtualTimeInterval(interval.seconds))
        return converter.compareVirtualTime(due, clock) == .equal
    }

    /// The report for `name`'s `interval`: the operator, the interval, the tick, and the fix.
    func roundedToZeroMessage(operator name: String, interval: RxTimeInterval) -> String {
        let scheduler = String(describing: type(of: self)).prefix { $0 != "<" }
        guard let ticks = converter as? TickVirtualTimeConverter else {
            return """
                Streams: \(name)'s interval of \(interval) rounds to no time at all on \(scheduler), so \(name) does \
                not wait at all. Use a converter whose intervals are finer than \(interval).
                """
        }
        let nanoseconds = interval.totalNanoseconds
        let (resolution, unit) =
            nanoseconds >= 1_000_000
            ? ("0.001", "1ms") : nanoseconds >= 1_000 ? ("0.000001", "1µs") : ("0.000000001", "1ns")
        return """
            Streams: \(name)'s interval of \(interval) rounds to 0 ticks on \(scheduler) \
            (1 tick = \(RxTimeInterval.fromSeconds(ticks.resolution))), so \(name) does not wait at all. \
            Pass resolution: \(resolution) for ticks of \(unit): \(scheduler)(initialClock: 0, resolution: \(resolution)).
            """
    }
}
