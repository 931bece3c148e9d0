// Concurrency: the source and the sampler may call in from different threads. The latest
// unsampled element and `atEnd` are guarded by the `SerializingSink` lock; a sampler tick takes
// the element under the lock and queues it (and the completion, if due), and the serializing
// queue delivers, so downstream calls never overlap.
//
// Timing (RxSwift 6): the source is subscribed first, then the sampler. Each sampler element
// (and the sampler's completion) emits the source's latest element if one arrived since the
// previous tick, otherwise `defaultValue` if given, otherwise nothing. After the source
// completed, the next tick emits (as above) and then completes. An error from either fails the
// result. Disposal disposes both.

extension ObservableType {
    /// Emits the latest source element at each tick of `sampler`, if a new one arrived since the
    /// previous tick (or `defaultValue`, if given); see the file header for timing.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        SampleObservable(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

private final class SampleObservable<Element, Tick>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    let sampler: Observable<Tick>
    let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<Tick>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = SampleSink<Element, Tick>(defaultValue: defaultValue, downstream: receiver)
        sink.run(source: source, sampler: sampler)
        return sink
    }
}

/// Receives the source. State under `lock`: `element`, `atEnd`, `ticker`.
private final class SampleSink<Element, Tick>: EventSerializingSink<Element, Element>,
    @unchecked Sendable  // state guarded by `lock`
{
    let defaultValue: Element?
    private var element: Element?
    private var atEnd = false
    private var ticker: SampleTicker<Element, Tick>?

    init(defaultValue: Element?, downstream: Receiver<Element>) {
        self.defaultValue = defaultValue
        super.init(downstream: downstream)
    }

    func run(source: Observable<Element>, sampler: Observable<Tick>) {
        let node = SampleTicker(parent: self)
        lock.withLock { ticker = node }
        setUpstream(source.subscribe(self))
        node.setUpstream(sampler.subscribe(node))
    }

    override func onNext(_ element: Element) {
        lock.lock()
        let replaced = self.element
        self.element = element
        lock.unlock()
        withExtendedLifetime(replaced) {}  // released only now, outside the lock
    }

    override func onError(_ error: any Error) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        failLocked(error)
    }

    override func onCompleted() {
        lock.withLock { atEnd = true }
    }

    func tick() {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        if let element {
            self.element = nil
            pushLocked(.next(element))
        } else if let defaultValue {
            pushLocked(.next(defaultValue))
        }
        if atEnd {
            isStoppedLocked = true
            pushLocked(.completed)
        }
        flushLocked()
    }

    override func disposeResources() {
        let node: SampleTicker<Element, Tick>? = lock.withLock {
            isStoppedLocked = true
            defer { ticker = nil }
            return ticker
        }
        node?.dispose()
    }
}

/// The subscription to the sampler.
private final class SampleTicker<Element, Tick>: SubscriptionNode<Tick>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
{
    let parent: SampleSink<Element, Tick>
    init(parent: SampleSink<Element, Tick>) { self.parent = parent }

    override func onNext(_ element: Tick) {
        if !isDisposed { parent.tick() }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.onError(error)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.tick()
    }
}
