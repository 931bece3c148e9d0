// How the traits' `create` works: the body's observer is a `@Sendable` closure taking the trait's
// event, which `send(to:)` turns into the observable's events on the subscription's sink (the
// sink of `Observable.create`, which drops everything after the first terminal event).

extension Observable {
    /// A trait's `create`, recorded as `create` at `file:line`: every event the body sends becomes
    /// the observable's events, as `send` (the event type's `send(to:)`) says.
    static func create<TraitEvent>(
        traitEvents body: @escaping @Sendable (@escaping @Sendable (TraitEvent) -> Void) -> any Disposable,
        send: @escaping @Sendable (TraitEvent, PassThroughSink<Element>) -> Void, file: StaticString, line: UInt
    ) -> Observable<Element> {
        create(sink: { sink in body { event in send(event, sink) } }).inspected(as: "create", file: file, line: line)
    }
}

extension Result where Failure == any Error {
    /// Sends the single's result: an element followed at once by completion, or the failure.
    func send(to sink: PassThroughSink<Success>) {
        switch self {
        case .success(let element):
            sink.onNext(element)
            sink.onCompleted()
        case .failure(let error):
            sink.onError(error)
        }
    }
}

extension MaybeEvent {
    /// Sends the maybe's outcome: an element followed at once by completion, completion, or the failure.
    func send(to sink: PassThroughSink<Element>) {
        switch self {
        case .success(let element): SingleEvent.success(element).send(to: sink)
        case .error(let error): SingleEvent.failure(error).send(to: sink)
        case .completed: sink.onCompleted()
        }
    }
}

extension CompletableEvent {
    /// Sends the completable's outcome.
    func send(to sink: PassThroughSink<Never>) {
        switch self {
        case .completed: sink.onCompleted()
        case .error(let error): sink.onError(error)
        }
    }
}

extension InfallibleEvent {
    /// Sends the element or the completion.
    func send(to sink: PassThroughSink<Element>) {
        switch self {
        case .next(let element): sink.onNext(element)
        case .completed: sink.onCompleted()
        }
    }
}
