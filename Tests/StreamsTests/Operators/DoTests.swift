import Streams
import StreamsTest
import Testing

@Suite struct DoTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Records handler calls as "tick: what".
    final class CallLog: Sendable {
        let scheduler: TestScheduler?
        private let entries = Locked<[String]>([])
        init(_ scheduler: TestScheduler? = nil) { self.scheduler = scheduler }
        func add(_ what: String) {
            let line = scheduler.map { "\($0.clock): \(what)" } ?? what
            entries.withLock { $0.append(line) }
        }
        var lines: [String] { entries.withLock { $0 } }
    }

    static func logged(_ source: Observable<Int>, _ log: CallLog) -> Observable<Int> {
        source.do(
            onNext: { log.add("onNext \($0)") }, afterNext: { log.add("afterNext \($0)") },
            onError: { _ in log.add("onError") }, afterError: { _ in log.add("afterError") },
            onCompleted: { log.add("onCompleted") }, afterCompleted: { log.add("afterCompleted") },
            onSubscribe: { log.add("onSubscribe") }, onSubscribed: { log.add("onSubscribed") },
            onDispose: { log.add("onDispose") })
    }

    @Test func callsEachHandlerAroundTheEventsAndPassesThemThrough() {
        let log = CallLog(scheduler)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { Self.logged(xs.asObservable(), log) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(
            log.lines == [
                "200: onSubscribe", "200: onSubscribed", "210: onNext 1", "210: afterNext 1", "220: onNext 2",
                "220: afterNext 2", "250: onCompleted", "250: afterCompleted", "250: onDispose",
            ])
    }

    @Test func afterHandlersRunAfterTheDownstreamReceivedTheEvent() {
        let log = CallLog()
        let subscription = Self.logged(.just(1), log).subscribe(
            onNext: { log.add("observer next \($0)") }, onCompleted: { log.add("observer completed") })
        subscription.dispose()
        #expect(
            log.lines == [
                "onSubscribe", "onNext 1", "observer next 1", "afterNext 1", "onCompleted", "observer completed",
                "afterCompleted", "onSubscribed", "onDispose",
            ])
    }

    @Test func errorHandlersRunAroundTheError() {
        let log = CallLog(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, TestError(), Int.self)])
        let res = scheduler.start { Self.logged(xs.asObservable(), log) }
        #expect(res.events == [.next(210, 1), .error(250, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(
            log.lines == [
                "200: onSubscribe", "200: onSubscribed", "210: onNext 1", "210: afterNext 1", "250: onError",
                "250: afterError", "250: onDispose",
            ])
    }

    @Test func disposalRunsOnDisposeOnce() {
        let log = CallLog(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { Self.logged(xs.asObservable(), log) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(
            log.lines == [
                "200: onSubscribe", "200: onSubscribed", "210: onNext 1", "210: afterNext 1", "250: onDispose",
            ])
    }

    @Test func onNextThrowingFailsWithoutForwardingTheElement() {
        let xs = scheduler.createHotObservable("-ab-------|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.do(onNext: { if $0 == 2 { throw TestError() } }) }
        assertMarbles(res, "-a#", values: ["a": 1], error: TestError())
        assertSubscriptions(xs, "^-!")
    }

    @Test func afterNextThrowingFailsAfterForwardingTheElement() {
        let xs = scheduler.createHotObservable("-ab-------|", values: ["a": 1, "b": 2])
        let res = scheduler.start { xs.do(afterNext: { if $0 == 2 { throw TestError() } }) }
        assertMarbles(res, "-a(b#)", values: ["a": 1, "b": 2], error: TestError())
        assertSubscriptions(xs, "^-!")
    }

    @Test func onCompletedAndOnErrorThrowingReplaceTheTerminalEvent() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.do(onCompleted: { throw TestError() }) }
        #expect(res.events == [.next(210, 1), .error(250, TestError())])
        struct Replaced: Error, Equatable {}
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.error(250, TestError(), Int.self)])
        let failed = other.start { ys.do(onError: { _ in throw Replaced() }) }
        #expect(failed.events == [.error(250, Replaced())])
    }

    /// A source that logs its subscription and its disposal, and sends `1` then its terminal
    /// event at `at` (or while it is being subscribed, when `at` is nil).
    static func loggingSource(
        _ log: CallLog, scheduler: TestScheduler? = nil, at time: Int? = nil, error: (any Error)? = nil
    ) -> Observable<Int> {
        Observable<Int>.create { observer in
            log.add("source subscribed")
            let send = {
                observer.onNext(1)
                if let error { observer.onError(error) } else { observer.onCompleted() }
            }
            if let scheduler, let time { scheduler.scheduleAt(time, action: send) } else { send() }
            return Disposables.create { log.add("source disposed") }
        }
    }

    static func lifecycle(_ source: Observable<Int>, _ log: CallLog) -> Observable<Int> {
        source.do(
            onNext: { _ in log.add("onNext") }, onError: { _ in log.add("onError") },
            afterError: { _ in log.add("afterError") }, onCompleted: { log.add("onCompleted") },
            afterCompleted: { log.add("afterCompleted") }, onSubscribe: { log.add("onSubscribe") },
            onSubscribed: { log.add("onSubscribed") }, onDispose: { log.add("onDispose") })
    }

    @Test func onDisposeRunsAfterTheSourceReleasedItsSubscription() {
        let log = CallLog()
        let res = scheduler.start { Self.lifecycle(Self.loggingSource(log, scheduler: scheduler, at: 300), log) }
        #expect(res.events == [.next(300, 1), .completed(300)])
        #expect(
            log.lines == [
                "onSubscribe", "source subscribed", "onSubscribed", "onNext", "onCompleted", "afterCompleted",
                "source disposed", "onDispose",
            ])
    }

    @Test func onDisposeRunsAfterTheSourceEvenBehindAnotherOperator() {
        let log = CallLog()
        let res = scheduler.start {
            Self.loggingSource(log, scheduler: scheduler, at: 300).map { $0 * 2 }
                .do(onCompleted: { log.add("onCompleted") }, onDispose: { log.add("onDispose") })
        }
        #expect(res.events == [.next(300, 2), .completed(300)])
        #expect(log.lines == ["source subscribed", "onCompleted", "source disposed", "onDispose"])
    }

    @Test func aSourceThatTerminatesWhileSubscribedIsReleasedBeforeOnSubscribedAndOnDispose() {
        let log = CallLog()
        _ = Self.lifecycle(Self.loggingSource(log), log).subscribe()
        _ = Self.lifecycle(Self.loggingSource(log, error: TestError()), log).subscribe(onError: { _ in })
        #expect(
            log.lines == [
                "onSubscribe", "source subscribed", "onNext", "onCompleted", "afterCompleted", "source disposed",
                "onSubscribed", "onDispose",
                "onSubscribe", "source subscribed", "onNext", "onError", "afterError", "source disposed",
                "onSubscribed", "onDispose",
            ])
    }

    @Test func disposalReleasesTheSourceThenRunsOnDispose() {
        let log = CallLog()
        let res = scheduler.start(disposed: 250) {
            Self.lifecycle(Self.loggingSource(log, scheduler: scheduler, at: 300), log)
        }
        #expect(res.events == [])
        #expect(log.lines == ["onSubscribe", "source subscribed", "onSubscribed", "source disposed", "onDispose"])
    }

    @Test func anOperatorDownstreamReleasesTheSubscriptionBeforeAfterCompletedRuns() {
        // RxSwift's order: the operator after `do` disposes its source as soon as it forwarded the
        // completion, which is before `do`'s `afterCompleted`.
        let log = CallLog()
        let res = scheduler.start {
            Self.lifecycle(Self.loggingSource(log, scheduler: scheduler, at: 300), log).map { $0 }
        }
        #expect(res.events == [.next(300, 1), .completed(300)])
        #expect(
            log.lines == [
                "onSubscribe", "source subscribed", "onSubscribed", "onNext", "onCompleted", "source disposed",
                "onDispose", "afterCompleted",
            ])
    }

    @Test func aThrowFromAfterErrorOrAfterCompletedIsDropped() {
        struct Late: Error, Equatable {}
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let completed = scheduler.start { xs.do(afterCompleted: { throw Late() }) }
        #expect(completed.events == [.next(210, 1), .completed(250)])
        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.error(250, TestError(), Int.self)])
        let failed = other.start { ys.do(afterError: { _ in throw Late() }) }
        #expect(failed.events == [.error(250, TestError())])
    }

    @Test func releasesEverything() {
        let log = CallLog()
        #expect(singleSourceLeftovers { Self.logged($0, log) } == 0)
        #expect(singleSourceLeftovers { $0.do(onNext: { _ in throw TestError() }) } == 0)
        #expect(singleSourceLeftovers { $0.do() } == 0)
    }
}
