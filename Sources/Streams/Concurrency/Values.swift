// Concurrency: `values` subscribes inside the `AsyncThrowingStream`'s build closure and yields
// from whatever thread the observable emits on; the stream's own storage is the synchronisation
// (it buffers per the policy and resumes the consumer's continuation exactly once per `next()`).
// The subscription lives in a `SingleAssignmentDisposable` that the stream's `onTermination`
// disposes, installed before subscribing so a cancellation that races with a synchronous
// subscription still disposes it.
//
// Buffering: the default is `.unbounded`, as RxSwift's `values`: an observable cannot be slowed
// down by its consumer, so a bounded buffer silently drops elements, which is a choice the caller
// should make explicitly (`.bufferingNewest(1)` for "latest state" streams, for instance).

extension ObservableType where Element: Sendable {
    /// The sequence's elements as an `AsyncThrowingStream`, buffered per `bufferingPolicy`.
    ///
    /// Timing: the observable is subscribed when this is called (not at the first `next()`), so
    /// synchronous elements are buffered at once. The stream finishes when the observable
    /// completes and throws its error when it fails. Cancelling the consuming task, or dropping
    /// the stream, disposes the subscription; a loop cancelled before the observable ended
    /// throws `CancellationError` (as RxSwift's `values`).
    ///
    /// Elements must be `Sendable`: they travel from the emitting thread to the consuming task.
    ///
    /// - Parameter bufferingPolicy: what to keep when the consumer is slower than the observable;
    ///   `.unbounded` (the default, as RxSwift's `values`) keeps every element, because an
    ///   observable cannot be slowed down and silently dropping elements should be an explicit
    ///   choice; `.bufferingNewest(n)` (for "latest state" streams) and `.bufferingOldest(n)` keep
    ///   at most `n` and drop the rest.
    public func values(
        bufferingPolicy: AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncThrowingStream<Element, any Error> {
        let source = asObservable()
        return AsyncThrowingStream(bufferingPolicy: bufferingPolicy) { continuation in
            source.feed(
                installTermination: { dispose in
                    continuation.onTermination = { termination in
                        // Cancelled before the observable ended: the loop throws
                        // `CancellationError`, as RxSwift's `values` does. (The stream runs this
                        // before it finishes itself.)
                        if case .cancelled = termination { continuation.finish(throwing: CancellationError()) }
                        dispose()
                    }
                },
                onNext: { continuation.yield($0) },
                onEnd: { continuation.finish(throwing: $0) })
        }
    }

    /// The sequence's elements as an `AsyncThrowingStream` with an unbounded buffer (see
    /// ``values(bufferingPolicy:)``).
    public var values: AsyncThrowingStream<Element, any Error> { values(bufferingPolicy: .unbounded) }
}

extension Infallible where Element: Sendable {
    /// The sequence's elements as an `AsyncStream`, buffered per `bufferingPolicy` (see
    /// ``ObservableType/values(bufferingPolicy:)`` for timing and cancellation).
    public func values(
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<Element> {
        let source = self.source
        return AsyncStream(bufferingPolicy: bufferingPolicy) { continuation in
            source.feed(
                installTermination: { dispose in continuation.onTermination = { _ in dispose() } },
                onNext: { continuation.yield($0) },
                onEnd: { _ in continuation.finish() })
        }
    }

    /// The sequence's elements as an `AsyncStream` with an unbounded buffer.
    public var values: AsyncStream<Element> { values(bufferingPolicy: .unbounded) }
}

extension Observable {
    /// Subscribes for a stream's build closure: `installTermination` receives the disposal to run
    /// when the stream terminates, before subscribing (so a cancellation that races with a
    /// synchronous subscription still disposes it); `onEnd` gets the error, or `nil` on completion.
    fileprivate func feed(
        installTermination: (@escaping @Sendable () -> Void) -> Void,
        onNext: @escaping @Sendable (Element) -> Void,
        onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) {
        let subscription = SingleAssignmentDisposable()
        installTermination { subscription.dispose() }
        // Unrecorded: `values` has no call site to record (`subscribe` would record this line).
        subscription.setDisposable(
            subscribeClosures(
                onNext: onNext, onError: { onEnd($0) }, onCompleted: { onEnd(nil) }, onDisposed: nil,
                nextNodeType: NextClosureNode<Element>.self, endNodeType: PipelineEndNode<Element>.self))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Subscribes and returns the element, or throws the failure.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`;
    /// in an already-cancelled task the single is still subscribed, and a result it delivers
    /// while subscribing is returned.
    public var value: Element {
        get async throws {
            guard let element = try await TraitOutcome.await(primitiveSequence.source) else {
                throw StreamsError.noElements
            }
            return element
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// Subscribes and returns the element, `nil` if the maybe completes empty, or throws the failure.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`;
    /// in an already-cancelled task the maybe is still subscribed, and a result it delivers
    /// while subscribing is returned.
    public var value: Element? {
        get async throws { try await TraitOutcome.await(primitiveSequence.source) }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Subscribes and returns when the completable completes, or throws the failure.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`;
    /// in an already-cancelled task the completable is still subscribed, and completes normally
    /// if it completes while subscribing.
    public var value: Void {
        get async throws { _ = try await TraitOutcome.await(primitiveSequence.source) }
    }
}
