import Foundation
import Streams
import Testing

@Suite struct HistoricalSchedulerTests {
    private static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test func runsWorkInDueDateOrderWithTheClockSetToEachDate() {
        let scheduler = HistoricalScheduler(initialClock: Self.date(100))
        let log = Log()
        let record = { @Sendable (name: String) in log.append("\(name)@\(scheduler.now.timeIntervalSince1970)") }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
            record("b")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: Self.date(102)) { _ in
            record("a")
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            record("now")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
            record("c")
            return Disposables.create()
        }
        #expect(log.items == [])
        scheduler.start()
        #expect(log.items == ["now@100.0", "a@102.0", "b@105.0", "c@105.0"])
        #expect(scheduler.clock == Self.date(105))
    }

    @Test func advanceToRunsOnlyWhatIsDueAndSleepMovesTheClockWithoutRunning() {
        let scheduler = HistoricalScheduler()
        let log = Log()
        for second in [1, 3, 7] {
            _ = scheduler.scheduleAbsoluteVirtual((), time: Self.date(TimeInterval(second))) { _ in
                log.append("\(second)")
                return Disposables.create()
            }
        }
        scheduler.advanceTo(Self.date(3))
        #expect(log.items == ["1", "3"])
        #expect(scheduler.now == Self.date(3))
        scheduler.sleep(10)
        #expect(log.items == ["1", "3"])
        #expect(scheduler.now == Self.date(13))
        scheduler.start()  // the item due at 7 is late: it runs now, at 13
        #expect(log.items == ["1", "3", "7"])
        #expect(scheduler.now == Self.date(13))
    }

    @Test func isAVirtualTimeSchedulerOfDatesWhoseOffsetsLandOnMicroseconds() {
        let scheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> = HistoricalScheduler(
            initialClock: Self.date(100.000_000_4))
        #expect(scheduler.clock == Self.date(100))
        for _ in 0..<10 { scheduler.sleep(0.1) }
        #expect(scheduler.now == Self.date(101))
        let log = Recorder<Date>()
        _ = scheduler.scheduleRelative((), dueTime: .nanoseconds(2_300_600)) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        #expect(scheduler.pendingTimes == [Self.date(101.002_301)])
        scheduler.start()
        #expect(log.values == [Self.date(101.002_301)])
    }

    @Test func operatorsRunOnTheHistoricalClock() {
        let scheduler = HistoricalScheduler(initialClock: Self.date(1_000))
        let stamps = Recorder<TimeInterval>()
        _ = Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(3)
            .subscribe(onNext: { _ in stamps.append(scheduler.now.timeIntervalSince1970) })
        scheduler.start()
        #expect(stamps.values == [1_010, 1_020, 1_030])
    }
}
