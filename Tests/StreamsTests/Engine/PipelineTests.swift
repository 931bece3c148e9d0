import Streams
import StreamsTest
import Testing

/// Consecutive element-wise operators (`map`, `filter`, `distinctUntilChanged()`) run in one
/// pipeline node per subscription, and behave exactly as one sink per operator would.
@Suite struct PipelineTests {
    struct TestError: Error, Equatable {}

    /// Nodes a `subscribe(onNext:)` keeps alive, counted while it is live: its pipelines (the
    /// last one calls the closure, so the subscription has no node of its own to count).
    private func liveNodes(_ chain: (Observable<Int>) -> Observable<Int>) -> Int {
        var (scope, subscription): (LiveResources.Scope, (any Disposable)?) = LiveResources.withScope {
            chain(Observable<Int>.never()).subscribe(onNext: { _ in })
        }
        let live = scope.total
        subscription?.dispose()
        subscription = nil
        #expect(scope.total == 0)
        return live
    }

    @Test func consecutiveElementWiseOperatorsShareOneNode() {
        #expect(liveNodes { $0.map { $0 + 1 } } == 1)
        #expect(
            liveNodes { $0.map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 3 }.distinctUntilChanged().filter { $0 > 1 } }
                == 1)
    }

    @Test func aPipelineTakesFiveStagesAndTheRestGetAnother() {
        #expect(liveNodes { source in (0..<5).reduce(source) { chain, _ in chain.map { $0 + 1 } } } == 1)
        #expect(liveNodes { source in (0..<6).reduce(source) { chain, _ in chain.map { $0 + 1 } } } == 2)
        #expect(liveNodes { source in (0..<11).reduce(source) { chain, _ in chain.map { $0 + 1 } } } == 3)
    }

    @Test func subscribeOnNextOnAPipelineDeliversUntilDisposed() {
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = subject.map { $0 * 10 }.filter { $0 != 20 }.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subscription.dispose()
        subject.onNext(4)
        #expect(received.values == [10, 30])
        #expect(!subject.hasObservers)
    }

    @Test func subscribeOnNextOnAPipelineCanDisposeFromItsClosure() {
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(
            subject.map { $0 + 1 }.subscribe(onNext: { value in
                received.append(value)
                subscription.dispose()
            }))
        subject.onNext(1)
        subject.onNext(2)
        #expect(received.values == [2])
        #expect(!subject.hasObservers)
    }

    @Test func subscribeOnNextOnAPipelineThatCompletesWhileSubscribing() {
        let received = Recorder<Int>()
        let (scope, subscription) = LiveResources.withScope {
            Observable.just(1).map { $0 + 1 }.subscribe(onNext: { received.append($0) })
        }
        #expect(received.values == [2])
        #expect((subscription as? any Cancelable)?.isDisposed == true)
        #expect(scope.total == 0)
    }

    @Test func aLongChainSplitIntoPipelinesKeepsEveryStage() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 5), .completed(300)])
        let res = scheduler.start {
            (0..<12).reduce(xs.asObservable()) { chain, step in chain.map { $0 * 2 + step % 2 } }
        }
        #expect(res.events == [.next(210, 1365), .next(220, 21845), .completed(300)])
    }

    @Test func aSecondStatefulStageOrATypeChangeStartsAnotherPipeline() {
        #expect(liveNodes { $0.distinctUntilChanged().map { $0 / 2 }.distinctUntilChanged() } == 2)
        #expect(liveNodes { $0.map { String($0) }.filter { !$0.isEmpty }.map { $0.count }.filter { $0 > 0 } } == 2)
    }

    @Test func everyStageRunsInOrderOnEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-abcde-|", values: ["a": 1, "b": 1, "c": 2, "d": 3, "e": 3])
        let res = scheduler.start {
            xs.map { $0 * 10 }.filter { $0 != 20 }.map { $0 + 1 }.distinctUntilChanged().filter { $0 > 0 }
        }
        assertMarbles(res, "-a--d--|", values: ["a": 11, "d": 31])
        assertSubscriptions(xs, "^------!")
    }

    @Test func twoStatefulStagesKeepTheirOwnState() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 3), .next(260, 4), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged().map { $0 / 2 }.distinctUntilChanged() }
        #expect(res.events == [.next(210, 0), .next(230, 1), .next(260, 2), .completed(300)])
    }

    @Test func aTypeChangingMapInTheMiddleKeepsEveryValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 5), .next(220, 12), .next(230, 7), .completed(300)])
        let res = scheduler.start {
            xs.filter { $0 > 5 }.map { String(repeating: "x", count: $0) }.filter { $0.count < 10 }.map(\.count)
        }
        #expect(res.events == [.next(230, 7), .completed(300)])
    }

    @Test func aThrowingStageFailsOnceAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-abc---|", values: ["a": 1, "b": 2, "c": 3])
        let later = Recorder<Int>()
        let res = scheduler.start {
            xs.map { $0 * 2 }
                .filter { value in
                    if value == 4 { throw TestError() }
                    return true
                }
                .map { value in
                    later.append(value)
                    return value
                }
        }
        assertMarbles(res, "-a#", values: ["a": 2], error: TestError())
        assertSubscriptions(xs, "^-!")
        #expect(later.values == [2])
    }

    @Test func aStageThatDisposesTheSubscriptionStopsTheElementThere() {
        let subject = PublishSubject<Int>()
        let subscription = SingleAssignmentDisposable()
        let seenByLaterStages = Recorder<Int>()
        let received = Recorder<Int>()
        subscription.setDisposable(
            subject
                .map { value in
                    if value == 2 { subscription.dispose() }
                    return value
                }
                .filter { value in
                    seenByLaterStages.append(value)
                    return true
                }
                .subscribe(onNext: { received.append($0) }))
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(seenByLaterStages.values == [1])
        #expect(received.values == [1])
    }

    /// The subject queues what a stage sends into it while it delivers (Docs/Contract.md): the
    /// pipeline finishes the element it runs, then runs the sent one through every stage.
    @Test func aSendFromAStageRunsAfterTheCurrentElement() {
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = subject.map { $0 * 2 }
            .filter { value in
                if value == 2 { subject.onNext(10) }
                return true
            }
            .map { $0 + 1 }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        #expect(received.values == [3, 21])
        subscription.dispose()
    }

    @Test func eachSubscriptionOfASharedChainHasItsOwnState() {
        let subject = PublishSubject<Int>()
        let distinct = subject.distinctUntilChanged()
        let first = Recorder<Int>()
        let second = Recorder<String>()
        let bag = DisposeBag()
        distinct.map { $0 * 10 }.subscribe(onNext: { first.append($0) }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(1)
        distinct.filter { $0 > 0 }.map { "\($0)" }.subscribe(onNext: { second.append($0) }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        #expect(first.values == [10, 20])
        #expect(second.values == ["1", "2"])
    }

    /// A state bigger than the pipeline's two inline words gets its own allocation, and is
    /// initialised and destroyed like the inline one.
    @Test func aWideStateWorksOutOfLine() {
        struct Wide: Equatable { let a: Int, b: Int, c: Int }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .next(230, 2), .completed(300)])
        let res = scheduler.start { xs.map { Wide(a: $0, b: 0, c: 0) }.distinctUntilChanged().map(\.a) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(300)])
    }
}
