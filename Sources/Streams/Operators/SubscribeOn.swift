// Timing (RxSwift 6): the source is subscribed in a hop on the scheduler; the scheduled item
// owns that subscription, wrapped in a `ScheduledDisposable`, so its disposal — at the terminal
// event or on disposal — happens one more hop later on the same scheduler. Events then flow
// serialized from the source through a pass-through sink.
//
// States: waiting for the hop (disposal cancels it: the source is never subscribed);
// subscribed; disposed (engine).

extension ObservableType {
    /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
    ///
    /// Events are forwarded on whatever thread the source emits them (use `observe(on:)` to move
    /// them). Disposing before the subscription hop has run cancels it.
    ///
    /// As in RxSwift, `self` is subscribed as it is, not through `asObservable()`: a terminal
    /// event does not end the subscription to it, the scheduled disposal does (one hop later on
    /// `scheduler`).
    public func subscribe(on scheduler: some ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        SubscribeOnObservable(source: SubscribeOnSource(self), scheduler: scheduler).inspected(
            as: "subscribe(on:)", file: file, line: line)
    }
}

/// How the sink subscribes to the source: an `Observable` directly; any other observable type
/// through its own `subscribe(_:)`, so that its subscription lasts until it is disposed.
private enum SubscribeOnSource<Element> {
    case observable(Observable<Element>)
    /// The source's own `subscribe(_:)` (a closure, not an `any ObservableType<Element>`: that
    /// existential needs the macOS 13 / iOS 16 runtime).
    case other((ReceiverObserver<Element>) -> any Disposable)

    init<Source: ObservableType>(_ source: Source) where Source.Element == Element {
        if let observable = source as? Observable<Element> {
            self = .observable(observable)
        } else {
            self = .other { observer in source.subscribe(observer) }
        }
    }

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        switch self {
        case .observable(let observable): observable.subscribe(receiver)
        case .other(let subscribe): subscribe(ReceiverObserver(receiver: receiver))
        }
    }
}

private final class SubscribeOnObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: SubscribeOnSource<Element>
    let scheduler: any ImmediateSchedulerType

    init(source: SubscribeOnSource<Element>, scheduler: any ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = SubscribeOnSink(source: source, scheduler: scheduler, downstream: receiver)
        sink.setUpstream(TimerScheduler.immediate(scheduler).schedule(sink, id: 0, due: .now))
        return sink
    }
}

// Unchecked Sendable: see SubscriptionNode; other fields immutable
private final class SubscribeOnSink<Element>: Sink<Element, Element>, @unchecked Sendable {
    let source: SubscribeOnSource<Element>
    let scheduler: any ImmediateSchedulerType

    init(source: SubscribeOnSource<Element>, scheduler: any ImmediateSchedulerType, downstream: Receiver<Element>) {
        self.source = source
        self.scheduler = scheduler
        super.init(downstream: downstream)
    }

    override func timerFired(_ id: UInt64) -> any Disposable {
        if isDisposed { return NopDisposable() }
        return ScheduledDisposable(scheduler: scheduler, disposable: source.subscribe(self))
    }

    override func onNext(_ element: Element) { forwardNext(element) }
}
