import Foundation
import Streams
import StreamsTest
import Testing

/// The reports `Hooks.intervalRoundedToZero` would receive while `body` runs on this task.
private func roundingReports(_ body: () -> Void) -> [String] {
    let reports = Recorder<String>()
    Hooks.$intervalRoundedToZeroCollector.withValue({ reports.append($0) }, operation: body)
    return reports.values
}

/// The report for `name`'s 300 ms on a `TestScheduler` of 1-second ticks.
private func report(_ name: String) -> String {
    "Streams: \(name)'s interval of 300ms rounds to 0 ticks on TestScheduler (1 tick = 1s), so \(name) does "
        + "not wait at all. Pass resolution: 0.001 for ticks of 1ms: TestScheduler(initialClock: 0, resolution: 0.001)."
}

/// A time operator's non-zero interval that a virtual-time scheduler rounds to zero ticks is
/// reported once per operator and scheduler, naming the fix.
@Suite struct IntervalRoundingTests {
    @Test func aDebounceOf300msOnOneSecondTicksIsReportedOnceNamingTheFix() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var res: TestableObserver<Int>?
        let reports = roundingReports {
            res = scheduler.start { xs.debounce(.milliseconds(300), scheduler: scheduler) }
        }
        #expect(reports == [report("debounce")])
        // What the report warns of: every element passes straight through.
        #expect(res?.events == [.next(211, 1), .next(221, 2), .next(231, 3), .completed(300)])
    }

    @Test func anotherOperatorIsReportedAgainTheSameOneNot() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let reports = roundingReports {
            _ = scheduler.start {
                Observable.merge(
                    xs.debounce(.milliseconds(300), scheduler: scheduler),
                    xs.debounce(.milliseconds(200), scheduler: scheduler),
                    xs.delay(.milliseconds(300), scheduler: scheduler))
            }
        }
        #expect(reports == [report("debounce"), report("delay")])
    }

    @Test func eachSchedulerReportsForItself() {
        let first = TestScheduler(initialClock: 0)
        let second = TestScheduler(initialClock: 0)
        let reports = roundingReports {
            _ = first.start { Observable.just(1).delay(.milliseconds(300), scheduler: first) }
            _ = first.start { Observable.just(1).delay(.milliseconds(300), scheduler: first) }
            _ = second.start { Observable.just(1).delay(.milliseconds(300), scheduler: second) }
        }
        #expect(reports == [report("delay"), report("delay")])
    }

    /// Every library timer names its operator: the periodic one of `interval` too.
    @Test func theTimeOperatorsNameThemselves() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        // Throttle waits only for an element arriving in the window: here, in the same tick.
        let burst = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(300)])
        let reports = roundingReports {
            _ = scheduler.start { burst.throttle(.milliseconds(300), scheduler: scheduler) }
            _ = scheduler.start { xs.timeout(.milliseconds(300), scheduler: scheduler) }
            _ = scheduler.start { Observable<Int>.interval(.milliseconds(300), scheduler: scheduler).take(2) }
            _ = scheduler.start { Observable<Int>.timer(.milliseconds(300), scheduler: scheduler) }
            _ = scheduler.start { xs.delaySubscription(.milliseconds(300), scheduler: scheduler) }
            _ = scheduler.start { xs.take(for: .milliseconds(300), scheduler: scheduler) }
            _ = scheduler.start { xs.skip(.milliseconds(300), scheduler: scheduler) }
            _ = scheduler.start { xs.buffer(timeSpan: .milliseconds(300), count: 5, scheduler: scheduler) }
            _ = scheduler.start { Observable.just(1).audit(.milliseconds(300), scheduler: scheduler) }
        }
        #expect(
            reports == [
                report("throttle"), report("timeout"), report("interval"), report("timer"),
                report("delaySubscription"), report("take(for:scheduler:)"), report("skip(_:scheduler:)"),
                report("buffer(timeSpan:count:scheduler:)"), report("audit"),
            ])
    }

    /// An interval of at least half a tick (rounded to one or more ticks) or of zero is what the
    /// test asked for: nothing to report. Nor is what remains of a window or a delay: a throttle
    /// of 1.3 s waits 0.3 s after an element one tick into it, and a delay of 1 ms after a
    /// debounce waits what Date arithmetic leaves of it (a few nanoseconds).
    @Test func intervalsOfAtLeastOneTickOrOfZeroAreNotReported() {
        let scheduler = TestScheduler(initialClock: 0)
        let milliseconds = TestScheduler(initialClock: 0, resolution: 0.001)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let close = scheduler.createHotObservable([.next(210, 1), .next(211, 2), .completed(300)])
        var throttled: TestableObserver<Int>?
        let reports = roundingReports {
            throttled = scheduler.start { close.throttle(.milliseconds(1300), scheduler: scheduler) }
            _ = scheduler.start { xs.debounce(.milliseconds(500), scheduler: scheduler) }
            _ = scheduler.start { xs.debounce(.seconds(2), scheduler: scheduler) }
            _ = scheduler.start { xs.delay(.seconds(0), scheduler: scheduler) }
            _ = scheduler.start { xs.throttle(.nanoseconds(0), scheduler: scheduler) }
            _ = milliseconds.start {
                Observable.just(1).debounce(.milliseconds(300), scheduler: milliseconds)
                    .delay(.milliseconds(1), scheduler: milliseconds)
            }
        }
        #expect(reports == [])
        #expect(throttled?.events == [.next(210, 1), .next(212, 2), .completed(300)])
    }

    /// Only virtual-time schedulers round intervals to ticks.
    @Test func nonVirtualSchedulersReportNothing() {
        let queue = SerialDispatchQueueScheduler(internalSerialQueueName: "rounding")
        let received = Recorder<Int>()
        let reports = roundingReports {
            _ = Observable.just(1).debounce(.milliseconds(300), scheduler: ImmediateScheduler.instance)
                .subscribe(onNext: { received.append($0) })
            Observable.just(2).debounce(.milliseconds(300), scheduler: queue).subscribe(onNext: { _ in }).dispose()
            Observable.just(3).delay(.nanoseconds(1), scheduler: queue).subscribe(onNext: { _ in }).dispose()
        }
        #expect(received.values == [1])
        #expect(reports == [])
    }

    /// The main scheduler standing for a mocked test scheduler passes the operator's timer on, so
    /// the report names the operator there too.
    @Test func theMainSchedulerInsideAMockReportsForTheMockedScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let reports = roundingReports {
            _ = SharingScheduler.mock(scheduler: scheduler) {
                scheduler.start { Observable.just(1).debounce(.milliseconds(300), scheduler: MainScheduler.instance) }
            }
        }
        #expect(reports == [report("debounce")])
    }

    /// A `VirtualTimeScheduler` of ticks names itself and its own initializer in the fix.
    @Test func theReportNamesTheSchedulerAndItsTick() {
        let scheduler = VirtualTimeScheduler(initialClock: 0, resolution: 0.01)
        let reports = roundingReports {
            _ = Observable.just(1).delay(.milliseconds(4), scheduler: scheduler).subscribe(onNext: { _ in })
            _ = Observable.just(1).debounce(.microseconds(300), scheduler: scheduler).subscribe(onNext: { _ in })
            scheduler.start()
        }
        #expect(
            reports == [
                "Streams: delay's interval of 4ms rounds to 0 ticks on VirtualTimeScheduler (1 tick = 10ms), so delay "
                    + "does not wait at all. Pass resolution: 0.001 for ticks of 1ms: "
                    + "VirtualTimeScheduler(initialClock: 0, resolution: 0.001).",
                "Streams: debounce's interval of 300000ns rounds to 0 ticks on VirtualTimeScheduler (1 tick = 10ms), so "
                    + "debounce does not wait at all. Pass resolution: 0.000001 for ticks of 1µs: "
                    + "VirtualTimeScheduler(initialClock: 0, resolution: 0.000001).",
            ])
    }

    /// Through StreamsTest's reporter (installed by `TestScheduler`) the report is a warning of the
    /// running test, which does not fail it. (`withKnownIssue` checks it was recorded, with that
    /// severity and text, and keeps it out of the run's warnings.)
    @Test func underStreamsTestTheReportIsAWarningOfTheTestNotAFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        withKnownIssue {
            _ = scheduler.start { Observable.just(1).debounce(.milliseconds(300), scheduler: scheduler) }
        } matching: { issue in
            issue.severity == .warning && !issue.isFailure && issue.comments.map(\.rawValue) == [report("debounce")]
        }
    }
}
