// The cold sources that emit a sequence of elements — `from`, `of`, `range`, `repeatElement`,
// `generate` — pull one element at a time from a closure made per subscription, so an infinite
// or huge sequence works with `take`. On the current-thread scheduler (their default) each step
// runs on the trampoline, as in RxSwift: several such sources composed synchronously take
// turns. On another scheduler, each step is one scheduled item.
//
// States: waiting for its turn (queued on the trampoline, or its tick scheduled); pulling and
// emitting; finished (completed, failed, or disposed).

/// Emits the next element to the sink (with `forwardNext`) and returns `true`, or returns
/// `false` at the end. Made per subscription in the caller's module (see `from`), where the
/// iterator's type is concrete, so a step costs one closure call and the element goes straight
/// to the sink.
@usableFromInline
typealias Pull<Element> = (Sink<Element, Element>) throws -> Bool

extension Observable {
    /// A cold source emitting what `makePull` (called once per subscription) yields, then
    /// completing; a thrown error fails it.
    ///
    /// `makePull` need not be `@Sendable`: it only reads what it captured (the sequence, which
    /// `from` cannot require to be `Sendable`), once per subscription.
    @usableFromInline
    static func pulling(
        scheduler: some ImmediateSchedulerType, _ makePull: @escaping () -> Pull<Element>
    ) -> Observable<Element> {
        if scheduler is CurrentThreadScheduler {
            return PullSource(makePull: makePull, scheduler: nil).asObservable()
        }
        return PullSource(makePull: makePull, scheduler: scheduler).asObservable()
    }
}

/// The producer of every pulled source.
private struct PullSource<Element>: Producer {
    let makePull: () -> Pull<Element>
    let scheduler: (any ImmediateSchedulerType)?

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        guard let scheduler else {
            let sink = TrampolinePullSink(pull: makePull(), downstream: receiver)
            sink.start()
            return sink
        }
        let sink = ScheduledPullSink(pull: makePull(), scheduler: scheduler, downstream: receiver)
        sink.start()
        return sink
    }
}

/// Steps on the current thread's trampoline: emits while nothing else waits there, and yields
/// its turn (queueing itself behind the waiting work) as soon as something does.
private final class TrampolinePullSink<Element>: Sink<Element, Element>, TrampolineTask,
    @unchecked Sendable  // `pull` is used only by the serial steps
{
    private let pull: Pull<Element>

    init(pull: @escaping Pull<Element>, downstream: Receiver<Element>) {
        self.pull = pull
        super.init(downstream: downstream)
    }

    /// Takes the first turn: queued if a trampoline runs (it always does inside a subscription).
    func start() {
        if let trampoline = Trampoline.current {
            trampoline.enqueue(self)
        } else {
            _ = runOnTrampoline()
        }
    }

    /// Emits until the end, or until other work waits on the trampoline: then asks to be queued
    /// behind it.
    func runOnTrampoline() -> Bool {
        // Unowned: the trampoline outlives every task it runs, and a retain per step would cost
        // more than the step's own work.
        let trampoline = Trampoline.currentUnowned
        while !isDisposed {
            do {
                guard try pull(self) else {
                    forwardCompleted()
                    return false
                }
            } catch {
                forwardError(error)
                return false
            }
            if let trampoline, trampoline._withUnsafeGuaranteedRef({ $0.hasQueuedWork }) { return true }
        }
        return false
    }

    override func onNext(_ element: Element) {}
    override func onError(_ error: any Error) {}
    override func onCompleted() {}
}

/// Steps on a scheduler: one element per scheduled tick of the sink's timer; the ticks are
/// serial (each is scheduled by the previous one), so it emits without the delivery queue.
/// The scheduled source's state: how many ticks have run. Not `Void`: a zero-sized stored
/// property has no storage of its own, and ThreadSanitizer records the accesses to it at the
/// object's start, which every method call reads, so a `Void` state showed up as false races.
private struct PullTicks {
    var count = 0
}

private final class ScheduledPullSink<Element>: SerializingSink<Element, Element, PullTicks>,
    @unchecked Sendable  // `pull` is used only by the serial ticks
{
    private let pull: Pull<Element>

    init(pull: @escaping Pull<Element>, scheduler: any ImmediateSchedulerType, downstream: Receiver<Element>) {
        self.pull = pull
        super.init(state: PullTicks(), timerScheduler: .immediate(scheduler), downstream: downstream)
    }

    func start() {
        update { _, effects in effects.armTimerNow() }
    }

    /// A tick: emits the next element (ticks never overlap, so directly), then schedules the next.
    override func tick(generation: UInt64) {
        guard acceptTick(generation) else { return }
        do {
            guard try pull(self) else { return forwardCompleted() }
        } catch {
            return forwardError(error)
        }
        update { ticks, effects in
            ticks.count &+= 1
            effects.armTimerNow()
        }
    }

    override func onNext(_ element: Element) {}
    override func onError(_ error: any Error) {}
    override func onCompleted() {}
}
