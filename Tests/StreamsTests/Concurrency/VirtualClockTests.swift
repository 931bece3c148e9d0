import Foundation
import Streams
import StreamsTest
import Testing

/// The virtual clock's instant `seconds` after virtual tick 0 (at one second per tick).
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
func instant(_ seconds: Int) -> VirtualClock.Instant { VirtualClock.Instant(offset: .seconds(seconds)) }

/// Scenarios shared with the determinism test (`VirtualTimeExecutorTests`): each builds a fresh
/// scheduler and returns what was recorded.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
enum VirtualClockScenarios {
    /// `fromAsync` sleeping five virtual seconds on the clock, then returning 42.
    static func clockSleep() -> [Recorded<Event<Int>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        return scheduler.start {
            Observable<Int>.fromAsync {
                try await clock.sleep(for: .seconds(5))
                return 42
            }
        }.events
    }

    /// The same sleep through `Task.sleep(for:tolerance:clock:)`.
    static func taskSleep() -> [Recorded<Event<Int>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        return scheduler.start {
            Observable<Int>.fromAsync {
                try await Task.sleep(for: .seconds(5), tolerance: nil, clock: clock)
                return 42
            }
        }.events
    }

    /// A five-second sleep disposed at `disposed`: the events, and when the sleep saw a
    /// `CancellationError`.
    static func disposedSleep(at disposed: Int) -> ([Recorded<Event<Int>>], [VirtualClock.Instant]) {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        let cancelledAt = Recorder<VirtualClock.Instant>()
        let events = scheduler.start(disposed: disposed) {
            Observable<Int>.fromAsync {
                do {
                    try await clock.sleep(for: .seconds(5))
                } catch is CancellationError {
                    cancelledAt.append(clock.now)
                    throw CancellationError()
                }
                return 42
            }
        }.events
        return (events, cancelledAt.values)
    }
}

@Suite struct VirtualClockTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func nowFollowsAdvanceToAndTheResolution() {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        #expect(clock.now == instant(0))
        scheduler.advanceTo(150)
        #expect(clock.now == instant(150))
        scheduler.sleep(7)
        #expect(clock.now == instant(157))
        #expect(clock.minimumResolution == .seconds(1))

        let fine = TestScheduler(initialClock: 0, resolution: 0.001)
        fine.advanceTo(2500)
        #expect(fine.virtualClock.now == VirtualClock.Instant(offset: .milliseconds(2500)))
        #expect(fine.virtualClock.minimumResolution == .milliseconds(1))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func historicalSchedulerClockCountsFrom1970() {
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 100))
        #expect(scheduler.virtualClock.now == instant(100))
        scheduler.advanceTo(Date(timeIntervalSince1970: 160.5))
        #expect(scheduler.virtualClock.now == VirtualClock.Instant(offset: .milliseconds(160_500)))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func sleepEndsWhenTheSchedulerReachesTheDeadline() {
        #expect(VirtualClockScenarios.clockSleep() == [.next(205, 42), .completed(205)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func taskSleepWithTheClockEndsAtTheDeadline() {
        #expect(VirtualClockScenarios.taskSleep() == [.next(205, 42), .completed(205)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func disposalCancelsTheSleepAtTheVirtualTimeOfDisposal() {
        let (events, cancelledAt) = VirtualClockScenarios.disposedSleep(at: 203)
        #expect(events == [])
        #expect(cancelledAt == [instant(203)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func disposalAtTheDeadlineTickCancelsBeforeTheWakeUp() {
        // `start` schedules its disposal before the sleep schedules its wake-up, so at tick 205
        // the cancellation comes first and the wake-up finds the sleep over.
        let (events, cancelledAt) = VirtualClockScenarios.disposedSleep(at: 205)
        #expect(events == [])
        #expect(cancelledAt == [instant(205)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func aCancelledSleepLeavesNothingScheduled() {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        let observer = scheduler.createObserver(Int.self)
        let subscription = Recorder<any Disposable>()
        scheduler.scheduleAt(200) {
            subscription.append(
                Observable<Int>.fromAsync {
                    try await clock.sleep(for: .seconds(100))
                    return 1
                }.subscribe(observer))
        }
        scheduler.advanceTo(201)
        #expect(scheduler.pendingWork == [300])
        scheduler.scheduleAt(203) { for disposable in subscription.values { disposable.dispose() } }
        scheduler.advanceTo(203)
        #expect(scheduler.pendingWork == [])
        #expect(observer.events == [])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func aFinerResolutionSleepsInItsOwnTicks() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let clock = scheduler.virtualClock
        let events = scheduler.start {
            Observable<Int>.fromAsync {
                try await clock.sleep(for: .milliseconds(250))
                return 7
            }
        }.events
        #expect(events == [.next(450, 7), .completed(450)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func historicalSchedulerTasksSleepInVirtualTime() {
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        let clock = scheduler.virtualClock
        let seen = Recorder<Date>()
        _ = scheduler.scheduleAbsoluteVirtual((), time: Date(timeIntervalSince1970: 10)) { _ in
            Observable<Date>.fromAsync {
                try await clock.sleep(for: .seconds(2))
                return scheduler.now
            }.subscribe(onNext: { seen.append($0) })
        }
        scheduler.start()
        #expect(seen.values == [Date(timeIntervalSince1970: 12)])
    }
}

/// A sleep's wake-up racing with its cancellation on two threads: exactly one of them ends it.
@Suite(.tags(.stress)) struct VirtualClockRaceTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func wakeUpRacingWithCancellationResumesTheSleepOnce() {
        let outcomes = Recorder<String>()
        let finished = finishesWithin {
            for round in 0..<300 {
                let scheduler = TestScheduler(initialClock: 0)
                let clock = scheduler.virtualClock
                let observer = scheduler.createObserver(Int.self)
                let subscription = Recorder<any Disposable>()
                let ended = Recorder<String>()
                scheduler.scheduleAt(200) {
                    subscription.append(
                        Observable<Int>.fromAsync {
                            do {
                                try await clock.sleep(for: .seconds(5))
                            } catch {
                                ended.append("cancelled")
                                throw error
                            }
                            ended.append("woke")
                            return 1
                        }.subscribe(observer))
                }
                scheduler.advanceTo(204)
                // The two sides meet at a spin barrier, then each waits a varying moment, so that
                // both orders, and the overlap, occur.
                let ready = Counter()
                let cancelled = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    ready.increment()
                    while ready.value < 2 {}
                    spin(round % 30 * 20)
                    for disposable in subscription.values { disposable.dispose() }
                    cancelled.signal()
                }
                ready.increment()
                while ready.value < 2 {}
                spin(round / 30 % 10 * 20)
                scheduler.advanceTo(205)
                cancelled.wait()
                scheduler.advanceTo(206)  // runs a job the cancelling thread queued after the advance
                let outcome = ended.values
                let events = observer.events
                let consistent =
                    (outcome == ["cancelled"] && events == [])
                    || (outcome == ["woke"]
                        && [[], [.next(205, 1)], [.next(205, 1), .completed(205)]].contains(events))
                if !consistent || !scheduler.pendingWork.isEmpty {
                    outcomes.append("\(outcome) \(events) pending \(scheduler.pendingWork)")
                }
            }
        }
        #expect(finished)
        #expect(outcomes.values == [])
    }
}

/// Busy-waits for about `iterations` steps (to vary which side of a race comes first).
private func spin(_ iterations: Int) {
    var sink = 0
    for step in 0..<iterations { sink &+= step &* 31 }
    withExtendedLifetime(sink) {}
}
