import Foundation
import Streams
import StreamsTest
import Testing

/// The ticks at which a screen's tasks started, woke and were cancelled, in order.
private final class TaskLog: @unchecked Sendable {  // `entries` is guarded by `lock`
    private let lock = NSLock()
    private var entries: [String] = []

    func note(_ what: String, at tick: Int) { lock.withLock { entries.append("\(tick): \(what)") } }
    var values: [String] { lock.withLock { entries } }
}

/// An async operation in virtual time: sleeps `seconds` on the scheduler's clock, then returns
/// them; notes its start, its end and its cancellation in `log`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
private func sleeping(_ seconds: Int, on scheduler: TestScheduler, log: TaskLog) -> Observable<Int> {
    let clock = scheduler.virtualClock
    return Observable.fromAsync {
        log.note("\(seconds) started", at: scheduler.clock)
        do {
            try await clock.sleep(for: .seconds(seconds))
        } catch {
            log.note("\(seconds) cancelled", at: scheduler.clock)
            throw error
        }
        log.note("\(seconds) woke", at: scheduler.clock)
        return seconds
    }
}

/// A screen whose tasks Streams starts (`fromAsync`) runs them in the store's virtual time, whether
/// the store's own calls start them (the wiring, a sent event) or scheduled work does, and a task
/// still in flight when the store disposes the screen ends at that tick.
@Suite struct ScreenTestStoreAsyncTests {
    /// Runs a screen test whose wiring gets the scheduler and a task log; returns the failures the
    /// store reported and the log.
    private func run(
        connect: (Observable<Int>, TestableObserver<Int>, TestScheduler, TaskLog) -> any Disposable,
        _ body: (ScreenTestStore<Int, Int>) -> Void
    ) -> (failures: [String], log: [String]) {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let log = TaskLog()
        let failures = capturedFailures {
            ScreenTestStore<Int, Int>.run(scheduler: scheduler) { events, states in
                connect(events, states, scheduler, log)
            } _: { store in
                body(store)
            }
        }
        return (failures, log.values)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func aTaskStartedBySendingAnEventRunsInVirtualTime() {
        let (failures, log) = run { events, states, scheduler, log in
            events.flatMapLatest { sleeping($0, on: scheduler, log: log) }.subscribe(states)
        } _: { store in
            store.send(5)  // started at 0, due at 5
            store.advance(to: 2)
            store.send(4)  // cancels the first at 2; due at 6
            store.advance(to: 20)
            store.receive(4, at: 6)
        }
        #expect(failures == [])
        #expect(log == ["0: 5 started", "2: 5 cancelled", "2: 4 started", "6: 4 woke"])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func aTaskStartedByWiringTheScreenRunsInVirtualTime() {
        let (failures, log) = run { _, states, scheduler, log in
            sleeping(3, on: scheduler, log: log).concat(Observable.never()).subscribe(states)
        } _: { store in
            store.advance(to: 10)
            store.receive(3, at: 3)
        }
        #expect(failures == [])
        #expect(log == ["0: 3 started", "3: 3 woke"])
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)  // virtual-time tasks need TaskExecutor
    @Test func aTaskInFlightWhenTheScreenIsDisposedEndsAtThatTick() {
        let (failures, log) = run { _, states, scheduler, log in
            // Started by scheduled work (the timer at 1), so in virtual time whatever the store does.
            Observable<Int>.timer(.seconds(1), scheduler: scheduler)
                .flatMap { _ in sleeping(5, on: scheduler, log: log) }
                .subscribe(states)
        } _: { store in
            store.advance(to: 4)
        }
        #expect(failures == [])
        #expect(log == ["1: 5 started", "4: 5 cancelled"])
    }
}
