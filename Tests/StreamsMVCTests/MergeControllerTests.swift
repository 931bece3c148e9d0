import Streams
import StreamsMVC
import StreamsTest
import Testing

@Suite struct MergeControllerTests {
    @Test func branchesSeeEachEventOnceInTheirOrderFromOneSubscription() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let events = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let controller = MergeController<Int, String, String>(
            { events, _ in events.map { "a\($0)" } },
            { events, _ in events.filter { $0 == 2 }.map { "b\($0)" } },
            { events, _ in events.map { "c\($0)" } })
        let observer = scheduler.start { controller.use(eventStream: events.asObservable(), currentState: { nil }) }
        #expect(
            observer.events == [
                .next(210, "a1"), .next(210, "c1"), .next(220, "a2"), .next(220, "b2"), .next(220, "c2"),
            ])
        #expect(events.subscriptions == [Subscription(200, 1000)])
    }

    @Test func aLaterBranchReadsTheStateAfterAnEarlierBranchActed() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let events = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let reduced = Recorder<String>()  // stands in for the model: the actions reduced so far
        let controller = MergeController<Int, String, String>(
            { events, _ in events.map { "set\($0)" } },
            { events, currentState in events.map { _ in "saw \(currentState() ?? "nothing")" } })
        let observer = scheduler.start {
            controller.use(eventStream: events.asObservable(), currentState: { reduced.values.last })
                .do(onNext: { reduced.append($0) })
        }
        #expect(
            observer.events == [.next(210, "set1"), .next(210, "saw set1"), .next(220, "set2"), .next(220, "saw set2")])
    }

    @Test func anErrorOfOneBranchEndsTheActions() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let events = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let controller = MergeController<Int, Int, Int>(
            { events, _ in events },
            { events, _ in events.filter { $0 == 2 }.flatMap { _ in Observable<Int>.error(MVCTestError()) } })
        let observer = scheduler.start { controller.use(eventStream: events.asObservable(), currentState: { nil }) }
        #expect(observer.events == [.next(210, 1), .next(220, 2), .error(220, MVCTestError())])
        #expect(events.subscriptions == [Subscription(200, 220)])
    }
}
