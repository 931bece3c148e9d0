// Concurrency: one `TraitOutcome` per await. States: waiting (the continuation is stored);
// holding (the first element is kept); cancelled; finished. Whoever takes the continuation out of
// the locked state (the terminal event, or task cancellation) resumes it, outside the lock, so it
// is resumed exactly once. The subscription is a `SingleAssignmentDisposable`, so a cancellation
// that arrives while subscribing still disposes it; it is also disposed on the terminal event,
// which releases the outcome <-> subscription reference cycle.
//
// Cancellation (RxSwift 6.5+): the trait is subscribed even in an already-cancelled task, so a
// trait that ends while it is subscribed (`Single.just`, `Completable.empty`) still returns its
// result; otherwise cancellation disposes the subscription and throws `CancellationError`.

/// Awaits the first element and the terminal event of an at-most-one-element observable.
final class TraitOutcome<Element: Sendable>: @unchecked Sendable {  // `cell` is the synchronisation
    private struct State {
        var continuation: CheckedContinuation<Element?, any Error>?
        var element: Element?
        var cancelled = false
    }

    private let cell = LockedCell(State())
    private let subscription = SingleAssignmentDisposable()

    /// Subscribes to `source` and returns its element (or `nil`) when it completes, throws its
    /// error, or throws `CancellationError` when the awaiting task is cancelled.
    static func await(_ source: Observable<Element>) async throws -> Element? {
        let outcome = TraitOutcome()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.start(continuation, source: source)
            }
        } onCancel: {
            outcome.cancel()
        }
    }

    private func start(_ continuation: CheckedContinuation<Element?, any Error>, source: Observable<Element>) {
        cell.update { state in state.continuation = continuation }
        subscription.setDisposable(
            // Unrecorded: an `await` has no call site to record (the public `subscribe` would record
            // this line of the library).
            source.subscribeClosures(
                onNext: { element in self.receive(element) },
                onError: { error in self.finish(.failure(error)) },
                onCompleted: { self.finish(.success(())) }, onDisposed: nil,
                nextNodeType: NextClosureNode<Element>.self, endNodeType: PipelineEndNode<Element>.self
            ))
        // A cancellation that came first (the task was already cancelled) ends the wait now,
        // unless the trait ended while it was subscribed.
        if cell.read({ $0.cancelled }) { cancel() }
    }

    private func receive(_ element: Element) {
        cell.update { state in
            if state.element == nil { state.element = element }
        }
    }

    private func finish(_ result: Result<Void, any Error>) {
        let (continuation, element) = cell.update { state in (state.continuation.take(), state.element.take()) }
        // The subscription's closures hold `self` and `self` holds the subscription: releasing the
        // slot breaks that cycle (the subscription itself has already ended).
        subscription.dispose()
        switch result {
        case .success: continuation?.resume(returning: element)
        case .failure(let error): continuation?.resume(throwing: error)
        }
    }

    private func cancel() {
        let continuation = cell.update { state in
            state.cancelled = true
            return state.continuation.take()
        }
        subscription.dispose()
        continuation?.resume(throwing: CancellationError())
    }
}
