// Concurrency: with the default scheduler the elements are emitted synchronously during
// `subscribe`, in a loop that stops as soon as the subscription is disposed. With another
// scheduler each element is one scheduled item, so virtual time and thread hops behave as in
// RxSwift; the sink's disposed flag is the only shared state.

extension Observable {
    /// Emits each element of `sequence`, then completes.
    ///
    /// Timing: with ``CurrentThreadScheduler`` (the default) everything is emitted synchronously
    /// while subscribing. With another scheduler, each element is scheduled after the previous
    /// one (on a `TestScheduler`, one tick apart with processing delay).
    @inlinable  // copies `sequence` in the caller's module, where its type is concrete (see fromArray)
    public static func from<S: Sequence>(
        _ sequence: S, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where S.Element == Element {
        fromArray(Array(sequence), scheduler: scheduler)
    }

    /// `from` once the sequence is an array. The copy happens in the inlinable `from`: done here,
    /// unspecialized, it cost ~1,600 instructions and one malloc (a generic coroutine frame) per
    /// element of a `Range`.
    @usableFromInline
    static func fromArray(_ elements: [Element], scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        if scheduler is CurrentThreadScheduler {
            return SequenceObservable(elements)
        }
        return ScheduledSequenceObservable(elements, scheduler: scheduler)
    }

    /// Emits the arguments, then completes (see ``from(_:scheduler:)`` for timing).
    public static func of(
        _ elements: Element..., scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// Completes at once without elements.
    public static func empty() -> Observable<Element> { EmptyObservable() }

    /// Never emits and never terminates.
    public static func never() -> Observable<Element> { NeverObservable() }

    /// Fails at once with `error`.
    public static func error(_ error: any Error) -> Observable<Element> { ErrorObservable(error) }

    /// Calls `factory` for every subscription and subscribes to the observable it returns; a
    /// thrown error becomes the sequence's error.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> Observable<Element>
    ) -> Observable<Element> {
        DeferredObservable(factory)
    }

    /// Emits `element` forever (synchronously until disposed, or once per scheduling on
    /// `scheduler`).
    public static func repeatElement(
        _ element: Element, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Element: Sendable {
        RepeatObservable(element, scheduler: scheduler)
    }
}

extension Observable where Element: BinaryInteger & Sendable {
    /// Emits `count` consecutive integers starting at `start`, then completes.
    public static func range(
        start: Element, count: Element, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        precondition(count >= 0, "range: count must not be negative")
        var values: [Element] = []
        var value = start
        var remaining = count
        while remaining > 0 {
            values.append(value)
            value += 1
            remaining -= 1
        }
        return from(values, scheduler: scheduler)
    }
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
private final class SequenceObservable<Element>: Observable<Element>, @unchecked Sendable {
    let elements: [Element]
    init(_ elements: [Element]) { self.elements = elements }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        for element in elements {
            if sink.isDisposed { return sink }
            sink.onNext(element)
        }
        sink.onCompleted()
        return sink
    }
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
private final class ScheduledSequenceObservable<Element>: Observable<Element>, @unchecked Sendable {
    let elements: [Element]
    let scheduler: any ImmediateSchedulerType
    init(_ elements: [Element], scheduler: any ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = ScheduledSequenceSink(elements: elements, scheduler: scheduler, downstream: receiver)
        sink.scheduleNext()
        return sink
    }
}

// Unchecked Sendable: see SubscriptionNode; `index` only by serial steps
/// Emits one element per scheduled step; `index` is touched only by the (serial) steps.
private final class ScheduledSequenceSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    let elements: [Element]
    let scheduler: any ImmediateSchedulerType
    var index = 0
    let pending = LatestScheduledItem()

    init(elements: [Element], scheduler: any ImmediateSchedulerType, downstream: Receiver<Element>) {
        self.elements = elements
        self.scheduler = scheduler
        super.init(downstream: downstream)
    }

    func scheduleNext() {
        let ticket = pending.reserve()
        let step = scheduler.schedule(self) { sink in
            sink.step()
            return NopDisposable()
        }
        pending.store(step, for: ticket)
    }

    private func step() {
        guard !isDisposed else { return }
        if index < elements.count {
            let element = elements[index]
            index += 1
            forwardNext(element)
            scheduleNext()
        } else {
            forwardCompleted()
        }
    }

    override func onNext(_ element: Element) {}
    override func onError(_ error: any Error) {}
    override func onCompleted() {}
    override func disposeResources() { pending.dispose() }
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
private final class EmptyObservable<Element>: Observable<Element>, @unchecked Sendable {
    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onCompleted()
        return NopDisposable()
    }
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
private final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {
    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable { NopDisposable() }
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
private final class ErrorObservable<Element>: Observable<Element>, @unchecked Sendable {
    let error: any Error
    init(_ error: any Error) { self.error = error }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onError(error)
        return NopDisposable()
    }
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
private final class DeferredObservable<Element>: Observable<Element>, @unchecked Sendable {
    let factory: @Sendable () throws -> Observable<Element>
    init(_ factory: @escaping @Sendable () throws -> Observable<Element>) { self.factory = factory }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        do {
            return try factory().subscribe(receiver)
        } catch {
            receiver.onError(error)
            return NopDisposable()
        }
    }
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
private final class RepeatObservable<Element: Sendable>: Observable<Element>, @unchecked Sendable {
    let element: Element
    let scheduler: any ImmediateSchedulerType
    init(_ element: Element, scheduler: any ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        if scheduler is CurrentThreadScheduler {
            while !sink.isDisposed { sink.onNext(element) }
            return sink
        }
        let repeating = RepeatStep(sink: sink, element: element, scheduler: scheduler)
        sink.setUpstream(repeating.pending)
        repeating.schedule()
        return sink
    }
}

private final class RepeatStep<Element: Sendable>: Sendable {
    let sink: PassThroughSink<Element>
    let element: Element
    let scheduler: any ImmediateSchedulerType
    let pending = LatestScheduledItem()

    init(sink: PassThroughSink<Element>, element: Element, scheduler: any ImmediateSchedulerType) {
        self.sink = sink
        self.element = element
        self.scheduler = scheduler
    }

    func schedule() {
        let ticket = pending.reserve()
        let scheduled = scheduler.schedule(self) { step in
            guard !step.sink.isDisposed else { return NopDisposable() }
            step.sink.onNext(step.element)
            step.schedule()
            return NopDisposable()
        }
        pending.store(scheduled, for: ticket)
    }
}
