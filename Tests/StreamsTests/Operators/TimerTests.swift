import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct TimerTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func oneShotEmitsZeroThenCompletes() {
        let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
        #expect(res.events == [.next(500, 0), .completed(500)])
    }

    @Test func periodicCountsUntilDisposed() {
        let res = scheduler.start(disposed: 400) {
            Observable<Int>.timer(.seconds(100), period: .seconds(50), scheduler: scheduler)
        }
        #expect(res.events == [.next(300, 0), .next(350, 1)])
    }

    @Test func intervalStartsOnePeriodAfterSubscription() {
        let res = scheduler.start { Observable<Int64>.interval(.seconds(100), scheduler: scheduler) }
        #expect(res.events == (0..<7).map { .next(300 + 100 * $0, Int64($0)) })
    }

    @Test func countsWrapAround() {
        let res = scheduler.start(disposed: 490) { Observable<UInt8>.interval(.seconds(1), scheduler: scheduler) }
        #expect(res.events.count == 289)
        #expect(res.events[255] == .next(456, 255))
        #expect(res.events[256] == .next(457, 0))
    }

    @Test func disposalBeforeTheFirstTickEmitsNothing() {
        let res = scheduler.start(disposed: 250) { Observable<Int>.timer(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [])
        #expect(scheduler.pendingTimes == [])
    }

    @Test func releasesEverything() {
        _ = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
        _ = scheduler.start(disposed: 450) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
    }
}
