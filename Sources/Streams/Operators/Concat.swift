// Concurrency: at most one source is subscribed at a time, and the next one is subscribed only
// after the previous one terminated, so element and terminal calls downstream are ordered by
// happens-before and never overlap; they are forwarded without a lock. `lock` guards `current`
// (the running inner node) and the `pumping`/`advanceRequested` flags. Only the thread that set
// `pumping` touches the iterator and subscribes: a source that completes while being subscribed
// (a `just`) only requests the next one and the loop continues, so concatenating 100,000
// synchronous sources iterates at constant stack depth.

extension Observable {
    /// Emits the elements of each observable in `sequence`, one after the other: the next one is
    /// subscribed when the previous one completes.
    ///
    /// Timing: the first source is subscribed at subscription; the result completes after the
    /// last one completes and fails as soon as one fails. The sequence is iterated lazily, once
    /// per subscription. Disposal disposes the running source. No scheduler is used.
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        ConcatObservable(sequence)
    }

    /// Emits the elements of each observable in `sources`, one after the other (see
    /// ``concat(_:)-(Sources)``).
    public static func concat(_ sources: [Observable<Element>]) -> Observable<Element> {
        ConcatArrayObservable(sources)
    }

    /// Emits the elements of each argument, one after the other (see ``concat(_:)-(Sources)``).
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        ConcatArrayObservable(sources)
    }
}

extension ObservableType {
    /// Emits the elements of `self`, then, once it completed, those of `second`.
    ///
    /// Timing: `second` is subscribed when `self` completes; an error from either ends the
    /// result. Disposal disposes the running source.
    public func concat<Source: ObservableType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        ConcatArrayObservable([asObservable(), second.asObservable()])
    }
}

private final class ConcatObservable<Sources: Sequence, Element>: Observable<Element>,
    @unchecked Sendable  // immutable after init; each subscription iterates its own copy
where Sources.Element == Observable<Element> {
    let sources: Sources
    init(_ sources: Sources) { self.sources = sources }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = ConcatSink(iterator: sources.makeIterator(), downstream: receiver)
        sink.advance()
        return sink
    }
}

/// The array form: steps through the array itself, because a generic `IndexingIterator` reads
/// through an unspecialized coroutine that allocates on every step.
private final class ConcatArrayObservable<Element>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let sources: [Observable<Element>]
    init(_ sources: [Observable<Element>]) { self.sources = sources }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = ConcatSink(iterator: ObservableArrayIterator(sources), downstream: receiver)
        sink.advance()
        return sink
    }
}

/// Iterates an array of observables by index.
private struct ObservableArrayIterator<Element>: IteratorProtocol {
    let sources: [Observable<Element>]
    var index = 0

    init(_ sources: [Observable<Element>]) { self.sources = sources }

    mutating func next() -> Observable<Element>? {
        guard index < sources.count else { return nil }
        defer { index += 1 }
        return sources[index]
    }
}

private final class ConcatSink<Iterator: IteratorProtocol, Element>: Sink<Never, Element>,
    @unchecked Sendable  // `current` and flags guarded by `lock`; `iterator` touched only by the `pumping` owner
where Iterator.Element == Observable<Element> {
    private let lock = Lock()
    private var iterator: Iterator
    private var current: ConcatInner<Iterator, Element>?
    private var pumping = false
    private var advanceRequested = false
    private var disposedLocked = false

    init(iterator: Iterator, downstream: Receiver<Element>) {
        self.iterator = iterator
        super.init(downstream: downstream)
    }

    /// Subscribes the next source, or asks the thread already doing so to do it once more.
    func advance() {
        lock.lock()
        advanceRequested = true
        if pumping { return lock.unlock() }
        pumping = true
        while advanceRequested && !disposedLocked {
            advanceRequested = false
            lock.unlock()
            guard let source = iterator.next() else {
                forwardCompleted()
                return
            }
            let node = ConcatInner(parent: self)
            lock.lock()
            if disposedLocked { break }
            current = node
            lock.unlock()
            node.setUpstream(source.subscribe(node))
            lock.lock()
        }
        pumping = false
        lock.unlock()
    }

    func innerCompleted(_ node: ConcatInner<Iterator, Element>) {
        lock.lock()
        if current === node { current = nil }
        lock.unlock()
        advance()
    }

    override func disposeResources() {
        let running: ConcatInner<Iterator, Element>? = lock.withLock {
            disposedLocked = true
            defer { current = nil }
            return current
        }
        running?.dispose()
    }
}

/// The subscription to the running source of `ConcatSink`.
private final class ConcatInner<Iterator: IteratorProtocol, Element>: SubscriptionNode<Element>,
    @unchecked Sendable  // immutable after init besides SubscriptionNode's own state
where Iterator.Element == Observable<Element> {
    let parent: ConcatSink<Iterator, Element>
    init(parent: ConcatSink<Iterator, Element>) { self.parent = parent }

    override func onNext(_ element: Element) {
        if !isDisposed { parent.forwardNext(element) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.forwardError(error)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.innerCompleted(self)
    }
}
