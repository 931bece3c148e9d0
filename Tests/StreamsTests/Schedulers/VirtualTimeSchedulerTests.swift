import Foundation
import Streams
import StreamsTest
import Testing

@Suite struct VirtualTimeSchedulerTests {
    @Test func runsByTimeThenSchedulingOrderAndSetsClockFirst() {
        let scheduler = VirtualTimeScheduler(initialClock: 0)
        let log = Recorder<String>()
        _ = scheduler.scheduleAbsoluteVirtual("b", time: 20) {
            log.append("\($0)@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual("a", time: 10) {
            log.append("\($0)@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual("c", time: 20) {
            log.append("\($0)@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        #expect(log.values == ["a@10", "b@20", "c@20"])
    }

    @Test func advanceRunsDueWorkIncludingWorkScheduledMeanwhile() {
        let scheduler = VirtualTimeScheduler(initialClock: 0)
        let log = Recorder<Int>()
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
            log.append(scheduler.clock)
            return scheduler.scheduleRelative((), dueTime: .seconds(3)) { _ in
                log.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.advanceTo(7)
        #expect(log.values == [5])
        #expect(scheduler.clock == 7)
        #expect(scheduler.pendingTimes == [8])
        scheduler.advanceTo(8)
        #expect(log.values == [5, 8])
        #expect(scheduler.pendingTimes.isEmpty)
    }

    @Test func disposedWorkDoesNotRun() {
        let scheduler = VirtualTimeScheduler(initialClock: 0)
        let log = Recorder<Int>()
        let item = scheduler.scheduleRelativeVirtual((), dueTime: 5) { _ in
            log.append(1)
            return Disposables.create()
        }
        item.dispose()
        scheduler.start()
        #expect(log.values.isEmpty)
    }

    @Test func testSchedulerSimulatesProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 100)
        let log = Recorder<Int>()
        _ = scheduler.schedule(()) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        #expect(log.values == [101])
    }

    @Test func millisecondsRoundToNearestTick() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        #expect(scheduler.virtualInterval(.milliseconds(250)) == 3)
        #expect(scheduler.virtualInterval(.seconds(2)) == 20)
    }

    @Test func tickConverterRoundsToTheNearestTickAndSaturates() {
        let ticks = TickVirtualTimeConverter(resolution: 0.1)
        #expect(ticks.convertToVirtualTimeInterval(0.26) == 3)
        #expect(ticks.convertToVirtualTimeInterval(0.24) == 2)
        #expect(ticks.convertToVirtualTimeInterval(-0.26) == -3)
        #expect(ticks.convertToVirtualTimeInterval(.infinity) == Int.max / 2)
        #expect(ticks.convertFromVirtualTimeInterval(25) == 2.5)
        #expect(ticks.convertFromVirtualTime(25) == Date(timeIntervalSince1970: 2.5))
        #expect(ticks.convertToVirtualTime(Date(timeIntervalSince1970: 2.5)) == 25)
        #expect(ticks.offsetVirtualTime(10, offset: -3) == 7)
        #expect(ticks.offsetVirtualTime(Int.max - 1, offset: 5) == Int.max)
        #expect(
            [ticks.compareVirtualTime(1, 2), ticks.compareVirtualTime(2, 2), ticks.compareVirtualTime(3, 2)] == [
                .lessThan, .equal, .greaterThan,
            ])
    }

    @Test func testSchedulerIsAVirtualTimeSchedulerOfTicks() {
        let scheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> = TestScheduler(
            initialClock: 10, resolution: 0.5)
        #expect(scheduler.clock == 10)
        #expect(scheduler.now == Date(timeIntervalSince1970: 5))
        #expect(scheduler.resolution == 0.5)
        #expect(scheduler.converter == TickVirtualTimeConverter(resolution: 0.5))
        let log = Recorder<Int>()
        _ = scheduler.scheduleRelative((), dueTime: .seconds(2)) { _ in
            log.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.sleep(3)
        #expect(scheduler.pendingTimes == [14])
        scheduler.advance(by: 1)
        #expect(log.values == [14])
        #expect(scheduler.clock == 14)
    }

    @Test func currentThreadSchedulerTrampolinesNestedWork() {
        let log = Recorder<String>()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        #expect(log.values == ["outer start", "outer end", "inner"])
        #expect(CurrentThreadScheduler.isScheduleRequired)
    }
}

@Suite struct VirtualTimeSchedulerLifetimeTests {
    /// A sink holds its scheduler and the scheduler's queue holds the sink's pending item; a
    /// disposed item must let go of the sink so that cycle cannot leak.
    @Test func disposedPendingWorkDoesNotKeepItsSinkAlive() {
        let (scope, _) = LiveResources.withScope {
            let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
            let subject = PublishSubject<Int>()
            let subscription = subject.delay(.seconds(20), scheduler: scheduler).subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }
        #expect(scope.total == 0)
    }
}
