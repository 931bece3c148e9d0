// Concurrency: each subscription starts one nonisolated `Task` that iterates the sequence and
// emits from that task, so events are serial by construction. The subscriber may dispose from
// any thread: disposal cancels the task (ending the iteration at the sequence's next
// cancellation check), the loop also stops at its next element once the sink is disposed, and
// the sink drops anything emitted after disposal. A `CancellationError` the sequence throws
// while the subscription is live completes the observable, as RxSwift's `asObservable()` does (a
// sequence that ends by cancellation has ended, not failed).

extension Observable {
    /// Emits each element of `asyncSequence`, then completes, or fails with the error it throws
    /// (a `CancellationError` completes it, as in RxSwift).
    ///
    /// Timing: every subscription iterates the sequence in a new task (of `priority`) that runs
    /// off the subscriber's actor; elements are emitted from that task, one at a time. Disposal
    /// cancels the task, and nothing is emitted afterwards. Subscribed while a virtual-time
    /// scheduler runs work (inside `TestScheduler.start`), the task runs its jobs on that
    /// scheduler, in virtual time (see ``VirtualClock``).
    ///
    /// Each subscription makes its own iterator, so a single-consumer sequence such as
    /// `AsyncStream` must be subscribed only once (share the observable to fan it out).
    public static func from<Sequence: AsyncSequence & Sendable>(
        asyncSequence: Sequence, priority: TaskPriority? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Sequence.Element == Element {
        TaskObservable(priority: priority, body: iterating(asyncSequence)).inspected(
            as: "from(asyncSequence:)", file: file, line: line)
    }
}

extension AsyncSequence where Self: Sendable {
    /// This sequence as an observable, iterated in a task of `priority` for each subscription
    /// (see ``Observable/from(asyncSequence:priority:file:line:)`` for timing).
    public func asObservable(
        priority: TaskPriority? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        TaskObservable(priority: priority, body: iterating(self)).inspected(as: "asObservable", file: file, line: line)
    }
}

/// Iterates `sequence` in a subscription's task, emitting each element, then completes (also when
/// the sequence throws `CancellationError`); stops at the next element once the sink is disposed.
private func iterating<Sequence: AsyncSequence & Sendable>(
    _ sequence: Sequence
) -> @Sendable (PassThroughSink<Sequence.Element>) async throws -> Void {
    { sink in
        do {
            for try await element in sequence {
                if sink.isDisposed { return }
                sink.onNext(element)
            }
        } catch is CancellationError {}
        sink.onCompleted()
    }
}
