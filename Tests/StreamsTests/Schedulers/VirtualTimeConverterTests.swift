import Foundation
import Streams
import StreamsTest
import Testing

/// Virtual time counted in `Double` seconds since 1970: a converter of the kind a user writes.
private struct SecondsConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Double) -> RxTime { Date(timeIntervalSince1970: virtualTime) }
    func convertToVirtualTime(_ time: RxTime) -> Double { time.timeIntervalSince1970 }
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Double) -> TimeInterval { virtualTimeInterval }
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Double { timeInterval }
    func offsetVirtualTime(_ time: Double, offset: Double) -> Double { time + offset }
    func compareVirtualTime(_ lhs: Double, _ rhs: Double) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}

private typealias SecondsScheduler = VirtualTimeScheduler<SecondsConverter>

/// Schedules `name` at `time`, recording `name@clock` when it runs.
private func record(_ name: String, at time: Double, on scheduler: SecondsScheduler, into log: Log) {
    _ = scheduler.scheduleAbsoluteVirtual(name, time: time) { name in
        log.append("\(name)@\(scheduler.clock)")
        return Disposables.create()
    }
}

@Suite struct VirtualTimeConverterTests {
    @Test func runsInTimeOrderThenSchedulingOrderWithTheClockSetFirst() {
        let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        record("b", at: 2.5, on: scheduler, into: log)
        record("a", at: 1.25, on: scheduler, into: log)
        record("c", at: 2.5, on: scheduler, into: log)
        _ = scheduler.scheduleRelative("d", dueTime: .milliseconds(2500)) { name in
            log.append("\(name)@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelativeVirtual("e", dueTime: 2.5) { name in
            log.append("\(name)@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.schedule("now") { name in
            log.append("\(name)@\(scheduler.clock)")
            return Disposables.create()
        }
        #expect(scheduler.pendingTimes == [0, 1.25, 2.5, 2.5, 2.5, 2.5])
        scheduler.start()
        #expect(log.items == ["now@0.0", "a@1.25", "b@2.5", "c@2.5", "d@2.5", "e@2.5"])
        #expect(scheduler.clock == 2.5)
        #expect(scheduler.now == Date(timeIntervalSince1970: 2.5))
        #expect(scheduler.pendingTimes == [])
    }

    @Test func workScheduledForTheSameTimeWhileRunningRunsAfterWhatIsAlreadyQueued() {
        let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            log.append("first@\(scheduler.clock)")
            record("added", at: 1, on: scheduler, into: log)
            return Disposables.create()
        }
        record("second", at: 1, on: scheduler, into: log)
        scheduler.start()
        #expect(log.items == ["first@1.0", "second@1.0", "added@1.0"])
    }

    @Test func advanceToRunsWhatIsDueIncludingWhatItSchedulesAndNeverMovesTheClockBack() {
        let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            log.append("one@\(scheduler.clock)")
            return scheduler.scheduleRelative((), dueTime: .milliseconds(500)) { _ in
                log.append("inner@\(scheduler.clock)")
                return Disposables.create()
            }
        }
        record("three", at: 3, on: scheduler, into: log)
        scheduler.advanceTo(2)
        #expect(log.items == ["one@1.0", "inner@1.5"])
        #expect(scheduler.clock == 2)
        #expect(scheduler.pendingTimes == [3])
        scheduler.advanceTo(1)
        #expect(scheduler.clock == 2)
        scheduler.advance(by: 1)
        #expect(log.items == ["one@1.0", "inner@1.5", "three@3.0"])
        #expect(scheduler.clock == 3)
    }

    @Test func sleepMovesTheClockWithoutRunningAndLateWorkRunsAtTheCurrentTime() {
        let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            log.append("x@\(scheduler.clock)")
            scheduler.sleep(10)
            record("later", at: scheduler.clock + 2, on: scheduler, into: log)
            _ = scheduler.schedule(()) { _ in
                log.append("now@\(scheduler.clock)")
                return Disposables.create()
            }
            return Disposables.create()
        }
        scheduler.start()
        #expect(log.items == ["x@1.0", "now@11.0", "later@13.0"])

        record("late", at: 14, on: scheduler, into: log)
        scheduler.sleep(2.5)
        #expect(scheduler.clock == 15.5)
        #expect(log.items == ["x@1.0", "now@11.0", "later@13.0"])
        scheduler.start()
        #expect(log.items == ["x@1.0", "now@11.0", "later@13.0", "late@15.5"])
        #expect(scheduler.clock == 15.5)
    }

    @Test func stopEndsTheRunAfterTheCurrentItem() {
        let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        record("a", at: 1, on: scheduler, into: log)
        _ = scheduler.scheduleAbsoluteVirtual((), time: 2) { _ in
            log.append("b@\(scheduler.clock)")
            scheduler.stop()
            return Disposables.create()
        }
        record("c", at: 3, on: scheduler, into: log)
        scheduler.start()
        #expect(log.items == ["a@1.0", "b@2.0"])
        #expect(scheduler.clock == 2)
        #expect(scheduler.pendingTimes == [3])
        scheduler.start()
        #expect(log.items == ["a@1.0", "b@2.0", "c@3.0"])
    }

    @Test func stopInsideAdvanceToLeavesTheRestQueuedAndStillSetsTheClock() {
        let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        _ = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            log.append("a@\(scheduler.clock)")
            scheduler.stop()
            return Disposables.create()
        }
        record("b", at: 2, on: scheduler, into: log)
        scheduler.advanceTo(5)
        #expect(log.items == ["a@1.0"])
        #expect(scheduler.clock == 5)
        #expect(scheduler.pendingTimes == [2])
        scheduler.advanceTo(5)
        #expect(log.items == ["a@1.0", "b@5.0"])
    }

    @Test func disposedWorkDoesNotRunAndIsNotPending() {
        let scheduler = SecondsScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        record("kept", at: 2, on: scheduler, into: log)
        let cancelled = scheduler.scheduleAbsoluteVirtual((), time: 1) { _ in
            log.append("cancelled")
            return Disposables.create()
        }
        cancelled.dispose()
        #expect(scheduler.pendingTimes == [2])
        scheduler.start()
        #expect(log.items == ["kept@2.0"])
    }

    @Test func timeOperatorsRunOnTheConvertersClock() {
        let scheduler = SecondsScheduler(initialClock: 100, converter: SecondsConverter())
        let ticks = Log()
        let delayed = Log()
        _ = Observable<Int>.interval(.milliseconds(1500), scheduler: scheduler).take(3)
            .subscribe(onNext: { ticks.append("\($0)@\(scheduler.clock)") })
        _ = Observable.just("x").delay(.milliseconds(250), scheduler: scheduler)
            .subscribe(onNext: { delayed.append("\($0)@\(scheduler.clock)") })
        scheduler.start()
        #expect(ticks.items == ["0@101.5", "1@103.0", "2@104.5"])
        #expect(delayed.items == ["x@100.25"])
        #expect(scheduler.pendingTimes == [])
    }

    @Test func aSubclassAdjustsTimesComputedFromIntervalsOnly() {
        /// Rounds every interval-based due time up to the next whole second.
        final class WholeSecondScheduler: VirtualTimeScheduler<SecondsConverter>,
            @unchecked Sendable  // no state of its own
        {
            override func adjustScheduledTime(_ time: Double) -> Double { time.rounded(.up) }
        }
        let scheduler = WholeSecondScheduler(initialClock: 0, converter: SecondsConverter())
        let log = Log()
        _ = scheduler.scheduleRelative("relative", dueTime: .milliseconds(300)) { name in
            log.append("\(name)@\(scheduler.clock)")
            return Disposables.create()
        }
        record("absolute", at: 0.5, on: scheduler, into: log)
        scheduler.start()
        #expect(log.items == ["absolute@0.5", "relative@1.0"])
    }

    @Test func debugDescriptionShowsTheClockAndPendingWork() {
        let scheduler = SecondsScheduler(initialClock: 5, converter: SecondsConverter())
        let log = Log()
        record("a", at: 9, on: scheduler, into: log)
        record("b", at: 8, on: scheduler, into: log)
        #expect(scheduler.debugDescription == "VirtualTimeScheduler(clock: 5.0, pending: [8.0, 9.0])")
        // The pending work captures the scheduler: run it, or the queue and the work keep each other.
        scheduler.start()
        #expect(log.items == ["b@8.0", "a@9.0"])
    }

    @Test func manyItemsRunInTimeThenSchedulingOrderWhateverOrderTheyCameIn() {
        // Enough items, at enough repeated times, for every path of the queue's sifting; some
        // cancelled, some scheduled while running.
        let scheduler = VirtualTimeScheduler(initialClock: 0, converter: MillisecondsConverter())
        let log = Log()
        var expected: [(time: Int, order: Int)] = []
        var seed: UInt64 = 42
        func nextTime() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 58)  // 0..<64
        }
        for order in 0..<300 {
            let time = nextTime()
            let item = scheduler.scheduleAbsoluteVirtual(order, time: time) { order in
                log.append("\(order)")
                return Disposables.create()
            }
            if order % 7 == 3 {
                item.dispose()
            } else {
                expected.append((time, order))
            }
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            _ = scheduler.scheduleAbsoluteVirtual(1000, time: 10) { order in
                log.append("\(order)")
                return Disposables.create()
            }
            return Disposables.create()
        }
        expected.append((10, 1000))  // after everything else due at 10: it is scheduled last
        scheduler.start()
        let order = expected.sorted { $0.time != $1.time ? $0.time < $1.time : $0.order < $1.order }.map {
            "\($0.order)"
        }
        #expect(log.items == order)
    }

    @Test func aConverterOfIntTimesOtherThanTicksKeepsItsClockThroughEveryMove() {
        // Int times are published for lock-free reads whatever the converter; this one counts
        // milliseconds, so only the scheduler's generic code runs.
        let scheduler = VirtualTimeScheduler(initialClock: 100, converter: MillisecondsConverter())
        let log = Log()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(250)) { _ in
            log.append("relative@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 200) { _ in
            log.append("absolute@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.advanceTo(300)
        #expect(scheduler.clock == 300)
        scheduler.sleep(40)
        #expect(scheduler.clock == 340)
        #expect(scheduler.now == Date(timeIntervalSince1970: 0.34))
        scheduler.start()
        #expect(log.items == ["absolute@200", "relative@350"])
        #expect(scheduler.clock == 350)
    }
}

/// Virtual time in integer milliseconds: `Int` times, but not ``TickVirtualTimeConverter``.
private struct MillisecondsConverter: VirtualTimeConverterType {
    func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: Double(virtualTime) / 1000)
    }
    func convertToVirtualTime(_ time: RxTime) -> Int { Int(time.timeIntervalSince1970 * 1000) }
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        Double(virtualTimeInterval) / 1000
    }
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int { Int((timeInterval * 1000).rounded()) }
    func offsetVirtualTime(_ time: Int, offset: Int) -> Int { time + offset }
    func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs > rhs ? .greaterThan : .equal
    }
}

/// A virtual time that is a class, so the test sees where the scheduler releases it.
private final class ProbeTime: Sendable {
    let seconds: Double
    private let census: TimeCensus

    init(_ seconds: Double, _ census: TimeCensus) {
        self.seconds = seconds
        self.census = census
        census.born()
    }

    deinit { census.died("t\(seconds)") }
}

/// Counts live probe times and the ones released while an engine lock was held.
private final class TimeCensus: Sendable {
    private let alive = Counter()
    private let underLock = Recorder<String>()

    var live: Int { alive.value }
    var releasedUnderLock: [String] { underLock.values }

    func born() { alive.increment() }

    func died(_ name: String) {
        if HeldLocks.count != 0 { underLock.append(name) }
        alive.increment(by: -1)
    }
}

private struct ProbeTimeConverter: VirtualTimeConverterType {
    let census: TimeCensus

    func convertFromVirtualTime(_ virtualTime: ProbeTime) -> RxTime { Date(timeIntervalSince1970: virtualTime.seconds) }
    func convertToVirtualTime(_ time: RxTime) -> ProbeTime { ProbeTime(time.timeIntervalSince1970, census) }
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: Double) -> TimeInterval { virtualTimeInterval }
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Double { timeInterval }
    func offsetVirtualTime(_ time: ProbeTime, offset: Double) -> ProbeTime { ProbeTime(time.seconds + offset, census) }
    func compareVirtualTime(_ lhs: ProbeTime, _ rhs: ProbeTime) -> VirtualTimeComparison {
        lhs.seconds < rhs.seconds ? .lessThan : lhs.seconds > rhs.seconds ? .greaterThan : .equal
    }
}

@Suite struct VirtualTimeReleaseTests {
    /// Times the queue lets go of (run, disposed) and clock values the clock moves past are
    /// released after the scheduler unlocks, like every value the engine displaces.
    @Test func timesAreReleasedOutsideTheLock() {
        let census = TimeCensus()
        do {
            let converter = ProbeTimeConverter(census: census)
            let scheduler = VirtualTimeScheduler(initialClock: ProbeTime(0, census), converter: converter)
            let log = Log()
            for seconds in [1.0, 2.0, 3.0, 4.0] {
                _ = scheduler.scheduleAbsoluteVirtual((), time: ProbeTime(seconds, census)) { _ in
                    log.append("\(scheduler.clock.seconds)")
                    return Disposables.create()
                }
            }
            let cancelled = scheduler.scheduleAbsoluteVirtual((), time: ProbeTime(1.5, census)) { _ in
                log.append("cancelled")
                return Disposables.create()
            }
            cancelled.dispose()
            scheduler.advanceTo(ProbeTime(2.5, census))
            scheduler.sleep(0.25)
            scheduler.start()
            #expect(log.items == ["1.0", "2.0", "3.0", "4.0"])
        }
        #expect(census.releasedUnderLock == [])
        #expect(census.live == 0)
    }
}
