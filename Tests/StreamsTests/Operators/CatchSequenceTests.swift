import Streams
import StreamsTest
import Testing

@Suite struct CatchSequenceTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func eachFailureSubscribesTheNextSourceAtThatMoment() {
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError(code: 1))])
        let second = scheduler.createColdObservable([.next(10, 2), .error(30, TestError(code: 2))])
        let third = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let fourth = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let res = scheduler.start {
            Observable.catch(sequence: [first, second, third, fourth].map { $0.asObservable() })
        }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(260, 3), .completed(270)])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(220, 250)])
        #expect(third.subscriptions == [Subscription(250, 270)])
        #expect(fourth.subscriptions == [])
    }

    @Test func whenEverySourceFailsTheLastErrorEndsTheResult() {
        let first = scheduler.createColdObservable([.error(10, TestError(code: 1), Int.self)])
        let second = scheduler.createColdObservable([.next(5, 2), .error(10, TestError(code: 2))])
        let res = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
        #expect(res.events == [.next(215, 2), .error(220, TestError(code: 2))])
    }

    @Test func anEmptySequenceCompletesAtOnce() {
        let res = scheduler.start { Observable<Int>.catch(sequence: []) }
        #expect(res.events == [.completed(200)])
    }

    @Test func theSequenceIsIteratedLazilyOncePerSubscription() {
        let made = Log()
        let sources = (1...3).lazy.map { index -> Observable<Int> in
            made.append("source \(index)")
            return index < 2 ? .error(TestError(code: index)) : .just(index)
        }
        let caught = Observable.catch(sequence: sources)
        #expect(made.items == [])
        let results = Recorder<Int>()
        _ = caught.subscribe(onNext: { results.append($0) })
        #expect(results.values == [2])
        #expect(made.items == ["source 1", "source 2"])
    }

    @Test func disposalDisposesTheRunningSource() {
        let first = scheduler.createColdObservable([.error(10, TestError(code: 1), Int.self)])
        let second = scheduler.createColdObservable([.next(50, 2)])
        let res = scheduler.start(disposed: 240) {
            Observable.catch(sequence: [first.asObservable(), second.asObservable()])
        }
        #expect(res.events == [])
        #expect(second.subscriptions == [Subscription(210, 240)])
    }

    @Test func manySynchronousFailuresRunAtConstantStackDepth() {
        let failing = Observable<Int>.error(TestError())
        let sources = Array(repeating: failing, count: 100_000) + [Observable.just(7)]
        let results = Recorder<Int>()
        _ = Observable.catch(sequence: sources).subscribe(onNext: { results.append($0) })
        #expect(results.values == [7])
    }
}
