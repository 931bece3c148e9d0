// Timing (RxSwift 6): all sources are subscribed at subscription, in order. The first to emit an
// element, complete or fail wins: the others are disposed at that moment and the winner's events
// are mirrored. With no sources the result never emits. Disposal disposes every subscription.
//
// States: racing (no winner; every child held); decided (`winner` is the winning child's key;
// only it is held); stopped (engine).

extension Observable {
    /// Mirrors whichever source in `sequence` sends the first event (see the file header for
    /// timing).
    public static func amb<Sources: Sequence>(_ sequence: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Amb(sources: Array(sequence)).asObservable().inspected(as: "amb", file: file, line: line)
    }
}

extension ObservableType {
    /// Mirrors whichever of `self` and `right` sends the first event (see the file header).
    public func amb<Right: ObservableType>(_ right: Right, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element> where Right.Element == Element
    {
        Amb(sources: [asObservable(), right.asObservable()]).asObservable().inspected(as: "amb", file: file, line: line)
    }
}

private struct Amb<Element>: Producer {
    let sources: [Observable<Element>]

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = AmbSink<Element>(state: AmbState(), downstream: receiver)
        for (index, source) in sources.enumerated() {
            sink.subscribeChild(source, owner: sink, key: index) { state, child in state.racers.append((index, child)) }
        }
        return sink
    }
}

private struct AmbState<Element> {
    var racers: [(key: Int, child: DisposableNode)] = []
    var winner: Int?

    /// Whether the child `key` is (or now becomes) the winner; losers go into `effects`.
    mutating func wins(_ key: Int, _ effects: DeferredEffects<Element>) -> Bool {
        if let winner { return winner == key }
        winner = key
        for racer in racers where racer.key != key { effects.dispose(racer.child) }
        racers.removeAll { $0.key != key }
        return true
    }
}

private final class AmbSink<Element>: SerializingSink<Never, Element, AmbState<Element>>, ChildOwner,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Never) {}

    func childReceived(_ element: Element, key: Int) {
        update { state, effects in
            if state.wins(key, effects) { effects.emit(element) }
        }
    }

    func childFailed(_ error: any Error, key: Int) {
        update { state, effects in
            if state.wins(key, effects) { effects.fail(error) }
        }
    }

    func childCompleted(key: Int) {
        update { state, effects in
            if state.wins(key, effects) { effects.complete() }
        }
    }

    override func willDispose(_ state: inout AmbState<Element>, _ effects: DeferredEffects<Element>) {
        for racer in state.racers { effects.dispose(racer.child) }
        state.racers = []
    }
}
