import Streams
import StreamsTest
import Testing

@Suite struct FirstTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func succeedsWithTheFirstElementAndUnsubscribes() {
        let xs = scheduler.createHotObservable([.next(150, 0), .next(220, 1), .next(230, 2), .completed(250)])
        let res = scheduler.start { xs.first().asObservable() }
        #expect(res.events == [.next(220, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func anEmptySourceSucceedsWithNil() {
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let res = scheduler.start { xs.first().asObservable() }
        #expect(res.events == [.next(250, nil), .completed(250)])
    }

    @Test func anErrorBeforeTheFirstElementFails() {
        let xs = scheduler.createHotObservable([.error(240, TestError(), Int.self)])
        let res = scheduler.start { xs.first().asObservable() }
        #expect(res.events == [.error(240, TestError())])
    }

    @Test func subscribesLikeASingle() {
        let results = Recorder<SingleEvent<Int?>>()
        _ = Observable.of(4, 5).first().subscribe { results.append($0) }
        _ = Observable<Int>.empty().first().subscribe { results.append($0) }
        #expect(results.values.map { try? $0.get() } == [.some(4), .some(nil)])
    }

    @Test func releasesEverything() {
        #expect(singleSourceLeftovers { $0.first().asObservable() } == 0)
    }
}
