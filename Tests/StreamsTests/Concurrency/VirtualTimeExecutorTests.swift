import Foundation
import Streams
import StreamsTest
import Testing

/// Scenarios of tasks that Streams starts inside virtual time; each builds a fresh scheduler and
/// returns what was recorded.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
enum VirtualTaskScenarios {
    /// Two `async let` children sleeping 3 and 5 seconds: the instants each woke at.
    static func asyncLet() -> [Recorded<Event<[VirtualClock.Instant]>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        return scheduler.start {
            Observable<[VirtualClock.Instant]>.fromAsync {
                async let short = wake(after: 3, on: clock)
                async let long = wake(after: 5, on: clock)
                return try await [long, short]
            }
        }.events
    }

    /// Task-group children sleeping 7, 2 and 4 seconds: the instants they woke at, in the order
    /// they finished.
    static func taskGroup() -> [Recorded<Event<[VirtualClock.Instant]>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        return scheduler.start {
            Observable<[VirtualClock.Instant]>.fromAsync {
                try await withThrowingTaskGroup(of: VirtualClock.Instant.self) { group in
                    for seconds in [7, 2, 4] { group.addTask { try await wake(after: seconds, on: clock) } }
                    var finished: [VirtualClock.Instant] = []
                    for try await instant in group { finished.append(instant) }
                    return finished
                }
            }
        }.events
    }

    /// `Single.create(operation:)` failing after three virtual seconds.
    static func failingSingle() -> [Recorded<Event<Int>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        return scheduler.start {
            Single<Int>.create {
                try await clock.sleep(for: .seconds(3))
                throw TestError(code: 3)
            }
        }.events
    }

    /// An `AsyncStream` whose elements are paced by the clock (one every 10 seconds, each the
    /// tick it was made at, until tick 240), as an observable.
    static func pacedStream() -> [Recorded<Event<Int>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let clock = scheduler.virtualClock
        return scheduler.start {
            AsyncStream<Int> {
                try? await clock.sleep(for: .seconds(10))
                return scheduler.clock > 240 ? nil : scheduler.clock
            }.asObservable()
        }.events
    }

    /// An `AsyncStream` fed by scheduled work at 210 and 230 and finished at 250, as an observable.
    static func fedStream() -> [Recorded<Event<Int>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        scheduler.scheduleAt(210) { continuation.yield(1) }
        scheduler.scheduleAt(230) { continuation.yield(2) }
        scheduler.scheduleAt(250) { continuation.finish() }
        return scheduler.start { Observable.from(asyncSequence: stream) }.events
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
extension VirtualTaskScenarios {
    /// Runs every scenario of this file and of `VirtualClockScenarios` `runs` times and describes
    /// each one whose result ever differed from the expected one.
    static func differences(runs: Int) -> [String] {
        var differences: [String] = []
        func expectStable<Value: Equatable>(_ name: String, _ expected: Value, _ scenario: () -> Value) {
            let differing = (0..<runs).filter { _ in scenario() != expected }.count
            if differing > 0 { differences.append("\(name): \(differing) of \(runs) runs differed") }
        }
        expectStable("clock sleep", [.next(205, 42), .completed(205)], VirtualClockScenarios.clockSleep)
        expectStable("Task.sleep", [.next(205, 42), .completed(205)], VirtualClockScenarios.taskSleep)
        expectStable("disposal at 203", [instant(203)]) { VirtualClockScenarios.disposedSleep(at: 203).1 }
        expectStable("disposal events", 0) { VirtualClockScenarios.disposedSleep(at: 203).0.count }
        expectStable("async let", [.next(205, [instant(205), instant(203)]), .completed(205)], asyncLet)
        expectStable(
            "task group", [.next(207, [instant(202), instant(204), instant(207)]), .completed(207)], taskGroup)
        expectStable("failing single", [.error(203, TestError(code: 3))], failingSingle)
        expectStable(
            "paced stream", [.next(210, 210), .next(220, 220), .next(230, 230), .next(240, 240), .completed(250)],
            pacedStream)
        expectStable("fed stream", [.next(210, 1), .next(230, 2), .completed(250)], fedStream)
        return differences
    }
}

/// Sleeps `seconds` on `clock` and returns the instant it woke at.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
private func wake(after seconds: Int, on clock: VirtualClock) async throws -> VirtualClock.Instant {
    try await clock.sleep(for: .seconds(seconds))
    return clock.now
}

@Suite struct VirtualTimeExecutorTests {
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func asyncLetChildrenSleepInVirtualTime() {
        #expect(VirtualTaskScenarios.asyncLet() == [.next(205, [instant(205), instant(203)]), .completed(205)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func taskGroupChildrenSleepInVirtualTime() {
        #expect(
            VirtualTaskScenarios.taskGroup() == [
                .next(207, [instant(202), instant(204), instant(207)]), .completed(207),
            ])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func singleFromAnOperationFailsAtItsTick() {
        #expect(VirtualTaskScenarios.failingSingle() == [.error(203, TestError(code: 3))])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func anAsyncStreamPacedByTheClockEmitsAtExactTimes() {
        #expect(
            VirtualTaskScenarios.pacedStream() == [
                .next(210, 210), .next(220, 220), .next(230, 230), .next(240, 240), .completed(250),
            ])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func anAsyncStreamFedByScheduledWorkEmitsAtTheirTicks() {
        #expect(VirtualTaskScenarios.fedStream() == [.next(210, 1), .next(230, 2), .completed(250)])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func aTaskStartedOutsideVirtualTimeStillRunsOnTheGlobalPool() async throws {
        // Subscribed outside any scheduler run: today's behaviour, the task runs by itself.
        let value = try await Single<Int>.create { 6 * 7 }.value
        #expect(value == 42)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func everyScenarioIsIdenticalOverTwoHundredRuns() {
        #expect(VirtualTaskScenarios.differences(runs: 200) == [])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func scenariosOnFourThreadsAtOnceAreIdentical() {
        // Four schedulers advanced on four threads at once (as parallel tests do): each thread's
        // tasks run on its own scheduler, whatever the others do.
        let differences = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            Thread.detachNewThread {
                for difference in VirtualTaskScenarios.differences(runs: 50) { differences.append(difference) }
                done.signal()
            }
        }
        #expect((0..<4).allSatisfy { _ in waits(for: done) })
        #expect(differences.values == [])
    }
}
