import Streams
import StreamsTest
import Testing

@Suite struct ScheduledDisposableTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func disposesTheWrappedDisposableOnTheSchedulerOneHopLater() {
        let log = Recorder<String>()
        let scheduled = ScheduledDisposable(
            scheduler: scheduler, disposable: Disposables.create { log.append("disposed @\(scheduler.clock)") })
        scheduler.scheduleAt(300) {
            scheduled.dispose()
            log.append("requested, isDisposed \(scheduled.isDisposed)")
            scheduled.dispose()
        }
        scheduler.start()
        #expect(log.values == ["requested, isDisposed false", "disposed @301"])
        #expect(scheduled.isDisposed)
        #expect(scheduled.scheduler is TestScheduler)
    }
}
