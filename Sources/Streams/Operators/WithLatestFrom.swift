// Concurrency: the first and second sources may call in from different threads. `latest` (the
// second source's latest element) is guarded by the `SerializingSink` lock; an element of the
// first source pairs with it under the lock and the pair is queued; the result selector runs in
// the serialized delivery, outside the lock, so downstream calls never overlap.
//
// Timing (RxSwift 6): `second` is subscribed first, then `self`. Each element of `self` emits a
// result if `second` has emitted; otherwise it is dropped. The result completes when `self`
// completes (completion of `second` only ends its subscription), and fails when either fails or
// the selector throws. Disposal disposes both subscriptions.

extension ObservableType {
    /// Emits `resultSelector(element, latest)` for each element, where `latest` is the most recent
    /// element of `second`; elements arriving before `second` emitted are dropped (see the file
    /// header for timing).
    public func withLatestFrom<Source: ObservableType, ResultType>(
        _ second: Source,
        resultSelector: @escaping @Sendable (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFromObservable(
            first: asObservable(), second: second.asObservable(), projection: Projection2(selector: resultSelector))
    }

    /// Emits the most recent element of `second` for each element of `self` (see
    /// ``withLatestFrom(_:resultSelector:)``).
    public func withLatestFrom<Source: ObservableType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFromObservable(
            first: asObservable(), second: second.asObservable(),
            projection: SecondOfPairProjection<Element, Source.Element>())
    }
}

private final class WithLatestFromObservable<First, Second, P: ValuesProjection>: Observable<P.Result>,
    @unchecked Sendable  // immutable after init
where P.Values == (First, Second) {
    let first: Observable<First>
    let second: Observable<Second>
    let projection: P

    init(first: Observable<First>, second: Observable<Second>, projection: P) {
        self.first = first
        self.second = second
        self.projection = projection
    }

    override func subscribe(_ receiver: Receiver<P.Result>) -> any Disposable {
        let sink = WithLatestFromSink<First, Second, P>(projection: projection, downstream: receiver)
        sink.run(first: first, second: second)
        return sink
    }
}

/// Receives the first source. State under `lock`: `latest`, `secondNode`.
private final class WithLatestFromSink<First, Second, P: ValuesProjection>: ProjectingSink<First, P>,
    @unchecked Sendable  // state guarded by `lock`
where P.Values == (First, Second) {
    private var latest: Second?
    private var secondNode: WithLatestFromSecond<First, Second, P>?

    func run(first: Observable<First>, second: Observable<Second>) {
        let node = WithLatestFromSecond(parent: self)
        lock.withLock { secondNode = node }
        node.setUpstream(second.subscribe(node))
        setUpstream(first.subscribe(self))
    }

    override func onNext(_ element: First) {
        lock.lock()
        guard !isStoppedLocked, let latest else { return lock.unlock() }
        emitNextLocked((element, latest))
    }

    override func onError(_ error: any Error) {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        failLocked(error)
    }

    override func onCompleted() {
        lock.lock()
        if isStoppedLocked { return lock.unlock() }
        completeLocked()
    }

    func secondNext(_ element: Second) {
        lock.lock()
        let replaced = latest
        latest = element
        lock.unlock()
        withExtendedLifetime(replaced) {}  // released only now, outside the lock
    }

    override func disposeResources() {
        let node: WithLatestFromSecond<First, Second, P>? = lock.withLock {
            isStoppedLocked = true
            defer { secondNode = nil }
            return secondNode
        }
        node?.dispose()
    }
}

/// The subscription to the second source.
private final class WithLatestFromSecond<First, Second, P: ValuesProjection>: SubscriptionNode<Second>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
where P.Values == (First, Second) {
    let parent: WithLatestFromSink<First, Second, P>
    init(parent: WithLatestFromSink<First, Second, P>) { self.parent = parent }

    override func onNext(_ element: Second) {
        if !isDisposed { parent.secondNext(element) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.onError(error)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
    }
}
