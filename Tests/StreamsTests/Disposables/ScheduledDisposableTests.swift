import Streams
import StreamsTest
import Testing

@Suite struct ScheduledDisposableTests {
    @Test func disposesTheWrappedDisposableOnTheSchedulerOneHopLater() {
        let scheduler = TestScheduler(initialClock: 0)
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
