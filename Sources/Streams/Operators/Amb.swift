// Concurrency: the sources may call in from different threads. `winner` (the first source to
// send any event) is decided under `lock`; the losers are disposed outside it, before the
// winner's first event is forwarded. From then on only the winner forwards, and its calls are
// serialized by its own contract, so downstream calls never overlap. A side's `isWinner` flag is
// written and read only by that side's own (serialized) calls.
//
// Timing (RxSwift 6): all sources are subscribed at subscription, in order. The first to emit an
// element, complete or fail wins: the others are disposed at that moment and the winner's events
// are mirrored. With no sources the result never emits. Disposal disposes every subscription.

extension Observable {
    /// Mirrors whichever source in `sequence` sends the first event (see the file header for
    /// timing).
    public static func amb<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        AmbObservable(Array(sequence))
    }
}

extension ObservableType {
    /// Mirrors whichever of `self` and `right` sends the first event (see the file header).
    public func amb<Right: ObservableType>(_ right: Right) -> Observable<Element> where Right.Element == Element {
        AmbObservable([asObservable(), right.asObservable()])
    }
}

private final class AmbObservable<Element>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let sources: [Observable<Element>]
    init(_ sources: [Observable<Element>]) { self.sources = sources }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = AmbSink<Element>(downstream: receiver)
        sink.run(sources)
        return sink
    }
}

/// State under `lock`: `sides` (the competing subscriptions), `decided`.
private final class AmbSink<Element>: Sink<Never, Element>,
    @unchecked Sendable  // state guarded by `lock`
{
    private let lock = Lock()
    private var sides: [AmbSide<Element>] = []
    private var decided = false

    func run(_ sources: [Observable<Element>]) {
        let nodes = sources.map { _ in AmbSide(parent: self) }
        lock.withLock { sides = nodes }
        for (node, source) in zip(nodes, sources) { node.setUpstream(source.subscribe(node)) }
    }

    /// Makes `side` the winner if no source has won yet; returns whether `side` is the winner.
    func claim(_ side: AmbSide<Element>) -> Bool {
        lock.lock()
        if decided {
            lock.unlock()
            return false
        }
        decided = true
        let losers = sides.filter { $0 !== side }
        sides = [side]
        lock.unlock()
        for loser in losers { loser.dispose() }
        return true
    }

    override func disposeResources() {
        let nodes: [AmbSide<Element>] = lock.withLock {
            decided = true
            defer { sides = [] }
            return sides
        }
        for node in nodes { node.dispose() }
    }
}

/// One competing subscription.
private final class AmbSide<Element>: SubscriptionNode<Element>,
    @unchecked Sendable  // `isWinner` is touched only by this side's own serialized calls
{
    let parent: AmbSink<Element>
    private var isWinner = false

    init(parent: AmbSink<Element>) { self.parent = parent }

    private func wins() -> Bool {
        if !isWinner { isWinner = parent.claim(self) }
        return isWinner
    }

    override func onNext(_ element: Element) {
        guard !isDisposed, wins() else { return }
        parent.forwardNext(element)
    }

    override func onError(_ error: any Error) {
        guard !isDisposed, wins(), let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.forwardError(error)
    }

    override func onCompleted() {
        guard !isDisposed, wins(), let previous = markDisposed() else { return }
        tearDown(previousState: previous)
        parent.forwardCompleted()
    }
}
