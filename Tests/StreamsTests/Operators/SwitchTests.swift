import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct SwitchTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func newOuterElementDisposesThePreviousInnerAtThatTick() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let ys2 = scheduler.createColdObservable([.next(10, 10), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(235, ys2), .completed(300)])
        let res = scheduler.start { xs.flatMapLatest { $0 } }
        #expect(res.events == [.next(220, 1), .next(230, 2), .next(245, 10), .completed(335)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys1.subscriptions == [Subscription(210, 235)])
        #expect(ys2.subscriptions == [Subscription(235, 335)])
    }

    @Test func completesWithTheOuterWhenNoInnerRuns() {
        let ys1 = scheduler.createColdObservable("-a|", values: ["a": 1])
        let xs = scheduler.createHotObservable("-y---|", values: ["y": ys1.asObservable()])
        let res = scheduler.start { xs.switchLatest() }
        assertMarbles(res, "--a--|", values: ["a": 1])
        assertSubscriptions(xs, "^----!")
        assertSubscriptions(ys1, "-^-!")
    }

    @Test func innerErrorFails() {
        let ys1 = scheduler.createColdObservable("-a#", values: ["a": 1], error: TestError())
        let xs = scheduler.createHotObservable("-y--------|", values: ["y": ys1])
        let res = scheduler.start { xs.flatMapLatest { $0 } }
        assertMarbles(res, "--a#", values: ["a": 1], error: TestError())
        assertSubscriptions(xs, "^--!")
        assertSubscriptions(ys1, "-^-!")
    }

    @Test func replacedInnerErrorIsIgnored() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .error(30, TestError())])
        let ys2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(225, ys2), .completed(300)])
        let res = scheduler.start { xs.flatMapLatest { $0 } }
        #expect(res.events == [.next(220, 1), .next(235, 2), .completed(300)])
        #expect(ys1.subscriptions == [Subscription(210, 225)])
        #expect(ys2.subscriptions == [Subscription(225, 245)])
    }

    @Test func outerErrorFailsAndDisposesTheInner() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .error(240, TestError())])
        let res = scheduler.start { xs.flatMapLatest { $0 } }
        #expect(res.events == [.next(220, 1), .error(240, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
    }

    @Test func selectorErrorFails() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start {
            xs.flatMapLatest { value -> TestableObservable<Int> in
                if value == 2 { throw TestError() }
                return ys1
            }
        }
        #expect(res.events == [.next(220, 1), .error(240, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
    }

    @Test func disposalDisposesOuterAndInner() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.flatMapLatest { $0 } }
        #expect(res.events == [.next(220, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys1.subscriptions == [Subscription(210, 250)])
    }

    @Test func subjectOfJustsDeliversEveryElement() {
        let subject = PublishSubject<Int>()
        let probe = MultiSourceProbe<Int>()
        let subscription = subject.flatMapLatest { Observable.just($0) }.subscribe(probe)
        for value in 0..<1_000 { subject.onNext(value) }
        subject.onCompleted()
        #expect(probe.elements == Array(0..<1_000))
        #expect(probe.completed)
        subscription.dispose()
    }

    @Test func innersOnOtherThreadsKeepTheGrammar() {
        let probe = MultiSourceProbe<Int>()
        let queues = (0..<4).map { DispatchQueue(label: "switch-\($0)") }
        let subscription = Observable.from(Array(0..<40))
            .flatMapLatest { index in emitting(on: queues[index % 4], start: index * 1_000, count: 1_000) }
            .subscribe(probe)
        #expect(probe.waitForTerminal())
        drain(queues)
        let elements = probe.elements
        #expect(elements.suffix(1_000) == Array(39_000..<40_000))
        #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 / 1_000 <= $1 / 1_000 })
        #expect(probe.overlaps == 0)
        #expect(probe.eventsAfterTerminal == 0)
        #expect(probe.completed)
        subscription.dispose()
    }
}
