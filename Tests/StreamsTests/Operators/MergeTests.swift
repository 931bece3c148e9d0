import Dispatch
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct MergeTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func flatMapMergesInnersAndCompletesAfterTheLastInner() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(5, 10), .next(15, 20), .completed(50)])
        let xs = scheduler.createHotObservable([.next(150, ys1), .next(210, ys1), .next(215, ys2), .completed(230)])
        let res = scheduler.start { xs.flatMap { $0 } }
        #expect(
            res.events == [
                .next(220, 1), .next(220, 10), .next(230, 2), .next(230, 20), .completed(265),
            ])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(215, 265)])
    }

    @Test func innerErrorFailsAndDisposesEverything() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(5, 10), .error(12, TestError())])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(215, ys2), .completed(300)])
        let res = scheduler.start { xs.flatMap { $0 } }
        #expect(res.events == [.next(220, 1), .next(220, 10), .error(227, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 227)])
        #expect(ys1.subscriptions == [Subscription(210, 227)])
        #expect(ys2.subscriptions == [Subscription(215, 227)])
    }

    @Test func outerErrorFailsAndDisposesInners() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .error(225, TestError())])
        let res = scheduler.start { xs.flatMap { $0 } }
        #expect(res.events == [.next(220, 1), .error(225, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ys1.subscriptions == [Subscription(210, 225)])
    }

    @Test func selectorErrorFails() {
        let ys = scheduler.createColdObservable("-a-|", values: ["a": 1])
        let xs = scheduler.createHotObservable("-ab-------|", values: ["a": 1, "b": 2])
        let res = scheduler.start {
            xs.flatMap { value -> TestableObservable<Int> in
                if value == 2 { throw TestError() }
                return ys
            }
        }
        assertMarbles(res, "--#", values: [:], error: TestError())
        assertSubscriptions(xs, "^-!")
        assertSubscriptions(ys, "-^!")
    }

    @Test func disposalDisposesOuterAndInners() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(5, 10), .next(15, 20), .completed(50)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(215, ys2), .completed(300)])
        let res = scheduler.start(disposed: 225) { xs.flatMap { $0 } }
        #expect(res.events == [.next(220, 1), .next(220, 10)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ys1.subscriptions == [Subscription(210, 225)])
        #expect(ys2.subscriptions == [Subscription(215, 225)])
    }

    @Test func mergeOfObservableOfObservables() {
        let ys1 = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(5, 10), .completed(50)])
        let xs = scheduler.createHotObservable([
            .next(210, ys1.asObservable()), .next(215, ys2.asObservable()), .completed(230),
        ])
        let res = scheduler.start { xs.merge() }
        #expect(res.events == [.next(220, 1), .next(220, 10), .completed(265)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(215, 265)])
    }

    @Test func staticMergeSubscribesAllAtOnce() {
        let xs = scheduler.createHotObservable("z----^a-c|", values: ["z": 0, "a": 1, "c": 3])
        let ys = scheduler.createHotObservable("     ^-b--d|", values: ["b": 2, "d": 4])
        let res = scheduler.start { Observable.merge(xs.asObservable(), ys.asObservable()) }
        assertMarbles(res, "     ^abc-d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        assertSubscriptions(xs, "     ^---!")
        assertSubscriptions(ys, "     ^-----!")
    }

    @Test func staticMergeErrorAndDisposal() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError())])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(260)])
        let res = scheduler.start { Observable.merge([xs.asObservable(), ys.asObservable()]) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .error(230, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
        let other = TestScheduler(initialClock: 0)
        let zs = other.createHotObservable([.next(220, 5), .completed(500)])
        let disposed = other.start(created: 300, subscribed: 400, disposed: 450) {
            Observable.merge(CollectionOfOne(zs.asObservable()))
        }
        #expect(disposed.events == [])
        #expect(zs.subscriptions == [Subscription(400, 450)])
    }

    @Test func staticMergeOfNothingCompletesAtOnce() {
        let res = scheduler.start { Observable<Int>.merge([]) }
        #expect(res.events == [.completed(200)])
    }

    @Test func synchronousSourcesTakeTurnsOnTheTrampoline() {
        let probe = MultiSourceProbe<Int>()
        let sources = (0..<10).map { index in Observable.from(Array(index * 100..<(index * 100 + 100))) }
        let subscription = Observable.merge(sources).subscribe(probe)
        // As in RxSwift: each `from` emits one element per turn of the current-thread trampoline,
        // so the ten sources interleave: 0, 100, 200, …, 900, 1, 101, …
        #expect(probe.elements == (0..<100).flatMap { step in (0..<10).map { $0 * 100 + step } })
        #expect(probe.completed)
        subscription.dispose()
    }

    @Test func mergeFromManyThreadsKeepsTheGrammar() {
        let probe = MultiSourceProbe<Int>()
        let queues = (0..<8).map { DispatchQueue(label: "merge-\($0)") }
        let sources = (0..<8).map { index in
            emitting(on: queues[index], start: index * 10_000, count: 10_000)
        }
        let subscription = Observable.merge(sources).subscribe(probe)
        #expect(probe.waitForTerminal())
        drain(queues)
        #expect(probe.elements.count == 80_000)
        #expect(Set(probe.elements).count == 80_000)
        #expect(probe.overlaps == 0)
        #expect(probe.eventsAfterTerminal == 0)
        #expect(probe.completed)
        subscription.dispose()
    }

    @Test func flatMapFromManyThreadsKeepsTheGrammar() {
        let probe = MultiSourceProbe<Int>()
        let queues = (0..<8).map { DispatchQueue(label: "flatMap-\($0)") }
        let subscription = Observable.from(Array(0..<8))
            .flatMap { index in emitting(on: queues[index], start: index * 5_000, count: 5_000) }
            .subscribe(probe)
        #expect(probe.waitForTerminal())
        drain(queues)
        #expect(probe.elements.count == 40_000)
        #expect(Set(probe.elements).count == 40_000)
        #expect(probe.overlaps == 0)
        #expect(probe.eventsAfterTerminal == 0)
        subscription.dispose()
    }

    @Test func reentrantElementIsDeliveredAfterTheCurrentOne() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let log = Recorder<String>()
        let subscription = Observable.merge(first.asObservable(), second.asObservable())
            .subscribe(onNext: { value in
                log.append("begin \(value)")
                if value == 1 { second.onNext(2) }
                log.append("end \(value)")
            })
        first.onNext(1)
        #expect(log.values == ["begin 1", "end 1", "begin 2", "end 2"])
        subscription.dispose()
    }
}
