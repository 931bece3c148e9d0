// The operators every trait has, as RxSwift's `PrimitiveSequence` has them. Each applies the
// observable operator of the same name to the trait's observable, so its timing rule is that
// operator's; none of them can break the trait's promise.

extension PrimitiveSequenceType {
    /// A single (or maybe) that succeeds with `element` synchronously when subscribed.
    public static func just(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> PrimitiveSequence<
        Trait, Element
    > {
        PrimitiveSequence(raw: Observable.just(element, file: file, line: line))
    }

    /// A single (or maybe) that succeeds with `element` on `scheduler`.
    ///
    /// Timing: the element and completion are scheduled on `scheduler` at subscription.
    public static func just(
        _ element: Element, scheduler: some ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> where Element: Sendable {
        PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler, file: file, line: line))
    }

    /// A sequence that fails with `error` synchronously when subscribed.
    public static func error(_ error: any Error, file: StaticString = #fileID, line: UInt = #line) -> PrimitiveSequence<
        Trait, Element
    > {
        PrimitiveSequence(raw: Observable.error(error, file: file, line: line))
    }

    /// A sequence that never terminates.
    public static func never(file: StaticString = #fileID, line: UInt = #line) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.never(file: file, line: line))
    }
}

extension PrimitiveSequence {
    /// Calls `factory` for every subscription and subscribes to the sequence it returns; a thrown
    /// error becomes the sequence's error.
    ///
    /// Timing: `factory` runs on the subscribing thread, at subscription.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> PrimitiveSequence<Trait, Element>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred({ try factory().source }, file: file, line: line))
    }

    /// Subscribes to the sequence `factory` returns for a resource made by `resourceFactory`, and
    /// disposes the resource when the subscription ends.
    ///
    /// Timing: both factories run at subscription (a thrown error fails the sequence at once). The
    /// resource is disposed after the inner subscription, on the terminal event or on disposal.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        primitiveSequenceFactory factory: @escaping @Sendable (Resource) throws -> PrimitiveSequence<Trait, Element>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(
                resourceFactory, observableFactory: { resource in try factory(resource).source }, file: file, line: line
            ))
    }

    /// Delays the element and completion by `dueTime` on `scheduler`; an error is not delayed.
    ///
    /// Timing: as the observable `delay`. Disposal cancels what is still scheduled.
    public func delay(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler, file: file, line: line))
    }

    /// Subscribes to the sequence `dueTime` after subscription, on `scheduler`.
    ///
    /// Timing: disposal before then cancels the subscription.
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler, file: file, line: line))
    }

    /// Delivers the sequence's events on `scheduler`.
    ///
    /// Timing: each event is scheduled on `scheduler` when it arrives, in order. Disposal drops
    /// what has not been delivered.
    public func observe(on scheduler: some ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: source.observe(on: scheduler, file: file, line: line))
    }

    /// Subscribes to the sequence, and later disposes that subscription, on `scheduler`.
    ///
    /// Timing: events are delivered on whatever thread the sequence emits them.
    public func subscribe(on scheduler: some ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: source.subscribe(on: scheduler, file: file, line: line))
    }

    /// On failure, continues with the sequence `handler` returns for the error; a thrown error
    /// becomes the sequence's error.
    ///
    /// Timing: the fallback is subscribed at the moment of the failure.
    public func `catch`(
        _ handler: @escaping @Sendable (any Error) throws -> PrimitiveSequence<Trait, Element>,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch({ error in try handler(error).source }, file: file, line: line))
    }

    /// Subscribes up to `maxAttemptCount` times in total while the sequence fails; the last
    /// failure becomes the error.
    ///
    /// Timing: each resubscription happens at the moment of the failure.
    public func retry(_ maxAttemptCount: Int, file: StaticString = #fileID, line: UInt = #line) -> PrimitiveSequence<
        Trait, Element
    > {
        PrimitiveSequence(raw: source.retry(maxAttemptCount, file: file, line: line))
    }

    /// Resubscribes when the sequence `notificationHandler` returns emits after a failure of type
    /// `Failure`; its completion completes this sequence and its error fails it.
    ///
    /// Timing: as the observable `retry(when:)`: the resubscription happens when the handler's
    /// sequence emits.
    public func retry<Trigger: ObservableType, Failure: Error>(
        when notificationHandler: @escaping @Sendable (Observable<Failure>) -> Trigger, file: StaticString = #fileID,
        line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, file: file, line: line))
    }

    /// Resubscribes when the sequence `notificationHandler` returns emits after a failure of any
    /// type (see the form for a `Failure` type).
    public func retry<Trigger: ObservableType>(
        when notificationHandler: @escaping @Sendable (Observable<any Error>) -> Trigger, file: StaticString = #fileID,
        line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler, file: file, line: line))
    }

    /// Prints the subscription, each event and the disposal, as the observable `debug`.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Fails with ``StreamsError/timeout`` if the sequence has not terminated `dueTime` after
    /// subscription, on `scheduler`.
    ///
    /// Timing: on timeout the subscription is disposed. Disposal cancels the timer.
    public func timeout(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler, file: file, line: line))
    }

    /// Switches to `other` if the sequence has not terminated `dueTime` after subscription, on
    /// `scheduler`.
    ///
    /// Timing: on timeout the subscription is disposed, then `other` is subscribed.
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: some SchedulerType,
        file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.timeout(dueTime, other: other.source, scheduler: scheduler, file: file, line: line))
    }
}

extension PrimitiveSequence where Element: RxAbstractInteger & Sendable {
    /// Emits `0` `dueTime` after subscription on `scheduler`, then completes.
    ///
    /// Timing: disposal before then cancels the timer.
    public static func timer(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.timer(dueTime, scheduler: scheduler, file: file, line: line))
    }
}
