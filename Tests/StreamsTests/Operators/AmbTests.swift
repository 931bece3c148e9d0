import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct AmbTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func firstToEmitWinsAndTheOtherIsDisposedAtOnce() {
        let xs = scheduler.createHotObservable([.next(215, 1), .next(225, 2), .completed(240)])
        let ys = scheduler.createHotObservable([.next(210, 10), .next(220, 20), .completed(300)])
        let res = scheduler.start { xs.amb(ys) }
        #expect(res.events == [.next(210, 10), .next(220, 20), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    @Test func aTerminalEventAlsoWins() {
        let xs = scheduler.createHotObservable([.next(215, 1), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 20), .completed(300)])
        let zs = scheduler.createHotObservable([.error(205, TestError(), Int.self)])
        let res = scheduler.start { Observable.amb([xs.asObservable(), ys.asObservable(), zs.asObservable()]) }
        #expect(res.events == [.error(205, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 205)])
        #expect(ys.subscriptions == [Subscription(200, 205)])
        #expect(zs.subscriptions == [Subscription(200, 205)])
    }

    @Test func emptyAmbNeverEmits() {
        let res = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }
        #expect(res.events == [])
    }

    @Test func disposalDisposesEverySource() {
        let xs = scheduler.createHotObservable("----------a", values: ["a": 1])
        let ys = scheduler.createHotObservable("-a------------------b", values: ["a": 10, "b": 20])
        let res = scheduler.start(disposed: 250) { xs.amb(ys) }
        assertMarbles(res, "-a", values: ["a": 10])
        assertSubscriptions(xs, "^!")
        assertSubscriptions(ys, "^----!")

        let other = TestScheduler(initialClock: 0)
        let as1 = other.createHotObservable("----------a", values: ["a": 1])
        let bs1 = other.createHotObservable("--------------------a", values: ["a": 1])
        let undecided = other.start(disposed: 250) { as1.amb(bs1) }
        assertMarbles(undecided, "-", values: [:])
        assertSubscriptions(as1, "^----!")
        assertSubscriptions(bs1, "^----!")
    }
}
