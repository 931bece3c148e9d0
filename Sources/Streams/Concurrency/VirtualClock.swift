import Foundation

// A `Clock` whose time is a virtual-time scheduler's clock, for async code under test.
//
// Concurrency: `now` reads the scheduler's clock. A sleep is one scheduled
// item plus one continuation, arbitrated by `VirtualSleep`'s locked state: the item firing (on
// the thread that advances the scheduler) and the task's cancellation (on whatever thread cancels)
// race for the continuation, and exactly one of them resumes it — the winner takes it out of the
// state under the lock and resumes it after unlocking. A cancellation also disposes the item.

/// A clock whose time is a virtual-time scheduler's clock: `now` is the scheduler's current tick,
/// and a sleep ends when the scheduler reaches its deadline.
///
/// Give production code a `some Clock<Duration>` and pass `ContinuousClock()` in the app and
/// `scheduler.virtualClock` in tests: `try await clock.sleep(for: .seconds(5))` then takes five
/// virtual seconds, and finishes inside the `start`/`advanceTo` call that reaches them.
///
/// Time: an instant is a duration since virtual time 0 — for a tick scheduler (`TestScheduler`)
/// `ticks × resolution` seconds, for `HistoricalScheduler` the seconds since 1970. A deadline is
/// rounded as the scheduler rounds its due times (to the nearest tick); a deadline at or before
/// the current tick returns at once. A sleep whose task is cancelled throws `CancellationError`
/// when the cancellation happens, at that virtual time, and leaves nothing scheduled.
///
/// The sleeping task resumes on its own executor: a task that Streams starts while the scheduler
/// runs work (`Observable.fromAsync`, `Single.create(operation:)`, `asObservable()` on an
/// `AsyncSequence`) runs its jobs on the scheduler itself, so it resumes at the deadline; any
/// other task resumes on the executor it runs on, whenever that gets to it.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct VirtualClock: Clock, Sendable {
    /// A point in virtual time: the duration since virtual tick 0.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The duration since virtual tick 0.
        public var offset: Duration

        /// The instant `offset` after virtual tick 0.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` after this one.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// The scheduler whose clock this is.
    let source: any VirtualClockSource

    init(source: any VirtualClockSource) { self.source = source }

    /// The scheduler's current virtual time, as an instant.
    public var now: Instant { Instant(offset: .seconds(source.virtualSeconds)) }

    /// The finest time the scheduler tells apart (one tick, for a tick scheduler).
    public var minimumResolution: Duration { .seconds(source.virtualResolution) }

    /// Suspends until the scheduler reaches `deadline` (rounded as the scheduler rounds its due
    /// times), or throws `CancellationError` when the task is cancelled first, at the virtual time
    /// of cancellation. `tolerance` is ignored: virtual time is exact.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let (seconds, attoseconds) = deadline.offset.components
        let due = Double(seconds) + Double(attoseconds) * 1e-18
        let source = self.source
        guard source.isAfterNow(seconds: due) else { return }
        let sleep = VirtualSleep()
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                sleep.begin(continuation) { source.wake(sleep, atSeconds: due) }
            }
        } onCancel: {
            sleep.cancel()
        }
    }
}

/// What a ``VirtualClock`` needs of its scheduler: its time, and a wake-up at a time.
protocol VirtualClockSource: AnyObject, Sendable {
    /// The virtual time, in seconds since 1970 (a tick scheduler: ticks × resolution).
    var virtualSeconds: Double { get }
    /// The finest time the scheduler tells apart, in seconds.
    var virtualResolution: Double { get }
    /// Whether `seconds` (since 1970), rounded as the scheduler rounds, is after its current time.
    func isAfterNow(seconds: Double) -> Bool
    /// Schedules `sleep.fire()` at `seconds` (since 1970), exactly: not moved by the scheduler's
    /// `adjustScheduledTime` (TestScheduler's simulated processing delay).
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func wake(_ sleep: VirtualSleep, atSeconds seconds: Double) -> any Disposable
}

extension VirtualTimeScheduler: VirtualClockSource {
    var virtualSeconds: Double { converter.convertFromVirtualTime(clock).timeIntervalSince1970 }

    var virtualResolution: Double {
        (converter as? TickVirtualTimeConverter)?.resolution ?? 1e-6
    }

    func isAfterNow(seconds: Double) -> Bool {
        let due = converter.convertToVirtualTime(Date(timeIntervalSince1970: seconds))
        return converter.compareVirtualTime(due, clock) == .greaterThan
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    func wake(_ sleep: VirtualSleep, atSeconds seconds: Double) -> any Disposable {
        let due = converter.convertToVirtualTime(Date(timeIntervalSince1970: seconds))
        return scheduleAbsoluteVirtual(sleep, time: due) { sleep in
            sleep.fire()
            return Disposables.create()
        }
    }

    /// A `Clock` whose time is this scheduler's virtual time, for async code under test (the name
    /// `clock` is the tick count, as in RxTest). Its instants are durations since 1970 — for a
    /// tick scheduler, ticks × resolution seconds — and its sleeps end when the scheduler reaches
    /// their deadline; see ``VirtualClock``.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    public var virtualClock: VirtualClock { VirtualClock(source: self) }
}

/// One virtual sleep: who resumes its continuation, the scheduled item or the cancellation.
///
/// States: idle (the continuation is not there yet); cancelled (cancelled before it was); waiting
/// (the continuation is there, the item is being scheduled); scheduled (both are there); finished
/// (resumed, by whichever came first). Each transition happens under the lock and returns what to
/// resume or dispose, which the caller does after unlocking.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
final class VirtualSleep: Sendable {
    private enum State {
        case idle
        case cancelled
        case waiting(UnsafeContinuation<Void, any Error>)
        case scheduled(UnsafeContinuation<Void, any Error>, any Disposable)
        case finished

        /// Ends the sleep if it is waiting or scheduled: returns the continuation to resume and the
        /// item to release or dispose, for the caller to use after unlocking. An idle sleep becomes
        /// `cancelled` when `cancelling` (the continuation will find it so); otherwise nothing ends.
        mutating func end(cancelling: Bool) -> (UnsafeContinuation<Void, any Error>?, (any Disposable)?) {
            switch self {
            case .waiting(let continuation):
                self = .finished
                return (continuation, nil)
            case .scheduled(let continuation, let item):
                self = .finished
                return (continuation, item)
            case .idle:
                if cancelling { self = .cancelled }
                return (nil, nil)
            case .cancelled, .finished:
                return (nil, nil)
            }
        }
    }

    private let cell = LockedCell(State.idle)

    /// Stores `continuation`, then schedules the wake-up with `schedule`; resumes at once (by
    /// throwing) if the task was cancelled before, and disposes the item if the sleep ended while
    /// it was being scheduled.
    func begin(_ continuation: UnsafeContinuation<Void, any Error>, schedule: () -> any Disposable) {
        let cancelled = cell.update { state -> Bool in
            if case .cancelled = state {
                state = .finished
                return true
            }
            state = .waiting(continuation)
            return false
        }
        if cancelled {
            continuation.resume(throwing: CancellationError())
            return
        }
        let item = schedule()
        let ended = cell.update { state -> Bool in
            guard case .waiting(let continuation) = state else { return true }
            state = .scheduled(continuation, item)
            return false
        }
        if ended { item.dispose() }
    }

    /// The deadline came: resumes the sleep unless it already ended.
    func fire() {
        let (continuation, item) = cell.update { $0.end(cancelling: false) }
        _ = consume item  // released here, after unlocking
        continuation?.resume()
    }

    /// The task was cancelled: disposes the scheduled item and resumes the sleep by throwing
    /// `CancellationError`, unless it already ended.
    func cancel() {
        let (continuation, item) = cell.update { $0.end(cancelling: true) }
        item?.dispose()
        continuation?.resume(throwing: CancellationError())
    }
}
