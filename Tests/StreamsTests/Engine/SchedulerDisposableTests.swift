import Streams
import StreamsTest
import Testing

/// The disposable a scheduler returns is user code too: a scheduler of the app's own may hand
/// back an object whose `deinit` disposes the subscription whose timer it was, or sends into that
/// subscription's source. The time operators keep those disposables and let go of them when a
/// timer fires, is re-armed or is cancelled; that must happen with no engine lock held (under the
/// operator's lock it deadlocked: the lock is not recursive).
@Suite struct SchedulerDisposableTests {
    /// Every operator below gets a at 210, b at 220 and c at 230 from its source; the victim is
    /// the first disposable released after its work ran (a fired timer's).
    static let operators: [TimedOperator] = [
        // b is held for the window's end at 235, c replaces it; x, sent at 235, is held for 260.
        TimedOperator("throttle(25, latest: true)") { $1.throttle(.seconds(25), latest: true, scheduler: $0) }
            .expecting(
                disposes: [.next(210, "a"), .next(235, "c")],
                sends: [.next(210, "a"), .next(235, "c"), .next(260, "x")]),
        // Drops b and c without a timer: no disposable is ever made.
        TimedOperator("throttle(25, latest: false)") { $1.throttle(.seconds(25), latest: false, scheduler: $0) }
            .expecting(disposes: [.next(210, "a")], sends: [.next(210, "a")]),
        // a opens a window to 235 (b and c replace it), which emits c; x, sent at 235, opens the next.
        TimedOperator("audit(25)") { $1.audit(.seconds(25), scheduler: $0) }
            .expecting(disposes: [.next(235, "c")], sends: [.next(235, "c"), .next(260, "x")]),
        // x, sent at 230 while a is delivered, waits behind c: due at 250 with c, it runs a tick later.
        TimedOperator("delay(20)") { $1.delay(.seconds(20), scheduler: $0) }
            .expecting(
                disposes: [.next(230, "a")],
                sends: [.next(230, "a"), .next(240, "b"), .next(250, "c"), .next(251, "x")]),
        // The sampler ticks at 235, 270…; x, sent at 235, is the next sample.
        TimedOperator("sample(interval(35))") { scheduler, source in
            source.sample(Observable<Int>.interval(.seconds(35), scheduler: scheduler))
        }.expecting(disposes: [.next(235, "c")], sends: [.next(235, "c"), .next(270, "x")]),
        // abc fills the buffer at 230 and restarts the window, so the first timer to fire is at 300.
        TimedOperator("buffer(70, count: 3)") { scheduler, source in
            source.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler).map { $0.joined() }
        }.expecting(
            disposes: [.next(230, "abc"), .next(300, "")],
            sends: [.next(230, "abc"), .next(300, ""), .next(370, "x"), .next(440, "")]),
        // The interval ticks at 300 and 400 (the disposal at 500 comes first).
        TimedOperator("merge(interval(100))") { scheduler, source in
            Observable.merge(source, Observable<Int>.interval(.seconds(100), scheduler: scheduler).map { "i\($0)" })
        }.expecting(
            disposes: [.next(210, "a"), .next(220, "b"), .next(230, "c"), .next(300, "i0")],
            sends: [
                .next(210, "a"), .next(220, "b"), .next(230, "c"), .next(300, "i0"), .next(300, "x"),
                .next(400, "i1"),
            ]),
        // Each element re-arms the timer; the cancelled ones never ran. The one that fires emits c.
        TimedOperator("debounce(20)") { $1.debounce(.seconds(20), scheduler: $0) }
            .expecting(disposes: [.next(250, "c")], sends: [.next(250, "c"), .next(270, "x")]),
        // Each element re-arms the timer; at 255 it fires: the source is disposed (x is dropped)
        // and `other` is subscribed.
        TimedOperator("timeout(25, other: just(t))") {
            $1.timeout(.seconds(25), other: Observable.just("t"), scheduler: $0)
        }
        .expecting(
            disposes: [.next(210, "a"), .next(220, "b"), .next(230, "c")],
            sends: [.next(210, "a"), .next(220, "b"), .next(230, "c"), .next(255, "t"), .completed(255)]),
        // Each element is a hop one tick later; x, sent from the first hop, is the next.
        TimedOperator("observe(on:)") { $1.observe(on: $0) }
            .expecting(
                disposes: [.next(211, "a")],
                sends: [.next(211, "a"), .next(212, "x"), .next(221, "b"), .next(231, "c")]),
    ]

    @Test(arguments: operators, [Reentry.disposes, .sends])
    func aFiredTimersDisposableReentersItsOperator(_ timed: TimedOperator, _ reentry: Reentry) {
        let (finished, events, underLock) = timed.run(reentry)
        #expect(finished, "deadlocked: \(reentry) from the deinit of a fired timer's disposable")
        #expect(events == timed.expected[reentry])
        #expect(underLock == [])
    }
}

/// A time operator applied to a source of strings, on a scheduler of the app's own, and the exact
/// events recorded for each thing the victim disposable's `deinit` can do.
struct TimedOperator: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (AppScheduler, Observable<String>) -> Observable<String>
    var expected: [Reentry: [Recorded<Event<String>>]] = [:]

    init(_ name: String, make: @escaping @Sendable (AppScheduler, Observable<String>) -> Observable<String>) {
        self.name = name
        self.make = make
    }

    var testDescription: String { name }

    func expecting(disposes: [Recorded<Event<String>>], sends: [Recorded<Event<String>>]) -> TimedOperator {
        var copy = self
        copy.expected = [.disposes: disposes, .sends: sends]
        return copy
    }

    /// Subscribes at 200, sends a, b and c at 210, 220 and 230, disposes at 500; returns whether
    /// that finished in time (a deadlock does not), the events recorded, and the scheduler's
    /// disposables released under an engine lock (`"#2@1"`: the second, with one lock held).
    func run(_ reentry: Reentry) -> (finished: Bool, events: [Recorded<Event<String>>], underLock: [String]) {
        let clock = TestScheduler(initialClock: 0)
        let observer = clock.createObserver(String.self)
        let underLock = Recorder<String>()
        let finished = finishesWithin(seconds: 10) {
            let source = PublishSubject<String>()
            let subscriptions = CompositeDisposable()
            let scheduler = AppScheduler(clock: clock, underLock: underLock) {
                switch reentry {
                case .disposes: subscriptions.dispose()
                case .sends: source.onNext("x")
                case .subscribes: preconditionFailure("not a scenario of this suite")
                }
            }
            let output = make(scheduler, source.asObservable())
            clock.scheduleAt(200) { _ = subscriptions.insert(output.subscribe(observer)) }
            for (index, name) in ["a", "b", "c"].enumerated() {
                clock.scheduleAt(210 + 10 * index) { source.onNext(name) }
            }
            clock.scheduleAt(500) { subscriptions.dispose() }
            clock.scheduleAt(501) { clock.stop() }
            clock.start()
        }
        return finished ? (true, observer.events, underLock.values) : (false, [], [])
    }
}

/// A scheduler of the app's own, on a test scheduler's clock: each disposable it returns is an
/// object of its own, kept only by whoever scheduled the work. The first one released after its
/// work ran runs `reentry` from its `deinit`; every one records whether its release ran under an
/// engine lock. It has no `schedulePeriodic` of its own: periodic work uses the library's default.
final class AppScheduler: SchedulerType {
    private let clock: TestScheduler
    private let underLock: Recorder<String>
    private let reentry: Locked<(@Sendable () -> Void)?>
    private let made = Counter()

    init(clock: TestScheduler, underLock: Recorder<String>, reentry: @escaping @Sendable () -> Void) {
        self.clock = clock
        self.underLock = underLock
        self.reentry = Locked(reentry)
    }

    var now: RxTime { clock.now }

    func schedule<StateType: Sendable>(
        _ state: StateType, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        wrap { ran in
            clock.schedule(state) {
                ran.increment()
                return action($0)
            }
        }
    }

    func scheduleRelative<StateType: Sendable>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping @Sendable (StateType) -> any Disposable
    ) -> any Disposable {
        wrap { ran in
            clock.scheduleRelative(state, dueTime: dueTime) {
                ran.increment()
                return action($0)
            }
        }
    }

    /// Schedules with `body` (which counts the runs in the counter it gets) and wraps the result.
    private func wrap(_ body: (Counter) -> any Disposable) -> any Disposable {
        let ran = Counter()
        return AppDisposable(body(ran), number: made.increment(), ran: ran, owner: self)
    }

    /// Called from a disposable's `deinit`, with the number of engine locks its thread holds.
    fileprivate func released(_ number: Int, afterRunning ran: Bool, heldLocks: Int) {
        if heldLocks != 0 { underLock.append("#\(number)@\(heldLocks)") }
        guard ran, let action = reentry.withLock({ $0.take() }) else { return }
        action()
    }
}

/// What ``AppScheduler`` returns: it cancels the scheduled work and reports its release.
private final class AppDisposable: Disposable, Sendable {
    private let work: any Disposable
    private let number: Int
    private let ran: Counter
    private let owner: AppScheduler

    init(_ work: any Disposable, number: Int, ran: Counter, owner: AppScheduler) {
        self.work = work
        self.number = number
        self.ran = ran
        self.owner = owner
    }

    func dispose() { work.dispose() }

    deinit {
        let heldLocks = HeldLocks.count  // before the counter below takes its own lock
        owner.released(number, afterRunning: ran.value > 0, heldLocks: heldLocks)
    }
}
