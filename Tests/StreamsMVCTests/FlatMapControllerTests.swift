import Streams
import StreamsMVC
import StreamsTest
import Testing

/// Each event "q" answers "q1" after 10 ticks and "q2" after 30 ticks.
struct TwoStepController: FlatMapController {
    let scheduler: TestScheduler
    let flatMapType: FlatMapType

    func flatMapToAction(event: String) -> Observable<String> {
        Observable.merge(
            Observable.just("\(event)1").delay(.seconds(10), scheduler: scheduler),
            Observable.just("\(event)2").delay(.seconds(30), scheduler: scheduler))
    }
}

/// The default `flatMapType` is RxMVC's `.normal`.
struct DefaultFlatMapController: FlatMapController {
    func flatMapToAction(event: Int) -> Observable<Int> { .just(event) }
}

@Suite struct FlatMapControllerTests {
    private func run(_ type: FlatMapType) -> [Recorded<Event<String>>] {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let events = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(400)])
        let controller = TwoStepController(scheduler: scheduler, flatMapType: type)
        return scheduler.start { controller.use(eventStream: events.asObservable()) }.events
    }

    @Test func normalKeepsEveryInnerResult() {
        #expect(
            run(.normal) == [.next(220, "a1"), .next(230, "b1"), .next(240, "a2"), .next(250, "b2"), .completed(400)])
    }

    @Test func firstIgnoresEventsWhileAnInnerStreamRuns() {
        #expect(run(.first) == [.next(220, "a1"), .next(240, "a2"), .completed(400)])
    }

    @Test func latestCancelsTheRunningInnerStream() {
        #expect(run(.latest) == [.next(230, "b1"), .next(250, "b2"), .completed(400)])
    }

    @Test func concatRunsInnerStreamsOneAfterAnother() {
        #expect(
            run(.concat) == [.next(220, "a1"), .next(240, "a2"), .next(250, "b1"), .next(270, "b2"), .completed(400)])
    }

    @Test func defaultTypeIsNormalAsInRxMVC() {
        #expect(DefaultFlatMapController().flatMapType == .normal)
    }
}
